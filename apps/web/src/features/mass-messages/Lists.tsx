'use client';
/**
 * /creator/lists: the creator's fan lists (GET /messages/lists; create, rename, delete) and the
 * open list's members (GET /messages/lists/{id}/members, paged; remove), with "Add fans" from the
 * creator's followers and subscribers. The open list (`list`) and the members page are in the URL.
 */
import { useState, type HTMLAttributes } from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { App, Avatar, Button, Card, Dropdown, Select, Skeleton } from 'antd';
import { DeleteOutlined, EditOutlined, MoreOutlined, NotificationOutlined, PlusOutlined, UnorderedListOutlined, UserAddOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { DEFAULT_AVATAR, type FanList, type FanListMember } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { count, fullDate, plural } from '@/lib/format';
import { useRoute } from '@/lib/swr';
import { useLatch } from '@/lib/use-latch';
import { useTableQuery } from '@/lib/use-table-query';
import { EmptyState, ErrorState } from '@/components/states';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import type { ListDialogState } from './ListFormModal';
import css from './mass-messages.module.css';

const ListFormModal = dynamic(() => import('./ListFormModal'), { ssr: false });
const AddFansModal = dynamic(() => import('./AddFansModal'), { ssr: false });

export default function Lists() {
  const { message, modal } = App.useApp();
  const lists = useRoute(routes.messages.lists);
  const all = lists.data ?? [];
  const [dialog, setDialog] = useState<ListDialogState>(null);
  const [adding, setAdding] = useState(false);
  const dialogMounted = useLatch(Boolean(dialog));
  const addMounted = useLatch(adding);

  // The open list: the URL's when it exists, else the first.
  const t = useTableQuery({ pageSize: 20 });
  const open = all.find((l) => l._id === t.query.filters.list) ?? all[0] ?? null;
  const table = useRouteTable(open ? routes.messages.listMembers : null, {
    params: { id: open?._id ?? '' },
    pageSize: 20,
    query: (q) => ({ offset: q.offset, limit: q.limit }),
  });

  const refresh = () => {
    void lists.mutate();
    void table.mutate();
  };

  const removeList = (l: FanList) =>
    modal.confirm({
      title: `Delete the list “${l.name}”?`,
      content: 'Its fans stay your fans; only the list goes.',
      okText: 'Delete list',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await call(routes.messages.removeList, { params: { id: l._id } });
          message.success('List deleted');
          if (open?._id === l._id) t.set({ list: null });
          void lists.mutate();
        } catch (e) {
          message.error(errorText(e));
        }
      },
    });

  const removeMember = (m: FanListMember) =>
    modal.confirm({
      title: `Remove ${m.name} from “${open?.name}”?`,
      okText: 'Remove',
      okButtonProps: { danger: true },
      onOk: async () => {
        if (!open) return;
        try {
          await call(routes.messages.removeListMember, { params: { id: open._id, userId: m._id } });
          message.success(`${m.name} removed`);
          refresh();
        } catch (e) {
          message.error(errorText(e));
        }
      },
    });

  const listMenu = (l: FanList) => ({
    items: [
      { key: 'rename', icon: <EditOutlined />, label: 'Rename', onClick: () => setDialog({ mode: 'rename', list: l }) },
      { key: 'delete', icon: <DeleteOutlined />, label: 'Delete', danger: true, onClick: () => removeList(l) },
    ],
  });

  const newListButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'create' })}>
      New list
    </Button>
  );

  return (
    <div className="container page">
      <div className={css.head}>
        <div>
          <h1 className="page-title">Fan lists</h1>
          <p className="page-lead">Group fans to send a mass message to just them.</p>
        </div>
        <div className={css.actions}>
          <Link href="/creator/mass-messages">
            <Button icon={<NotificationOutlined />}>Mass messages</Button>
          </Link>
          {all.length > 0 && newListButton}
        </div>
      </div>

      {lists.error && !lists.data ? (
        <Card>
          <ErrorState title="Your lists didn't load" message={errorText(lists.error)} onRetry={() => void lists.mutate()} />
        </Card>
      ) : !lists.data ? (
        <Card aria-busy="true" aria-label="Loading">
          <Skeleton active paragraph={{ rows: 5 }} />
        </Card>
      ) : all.length === 0 ? (
        <Card>
          <EmptyState title="No lists yet" description="Make a list — “VIP”, “New this month” — then add fans who follow or subscribe to you." action={newListButton} />
        </Card>
      ) : (
        <div className={css.listsLayout}>
          <Card styles={{ body: { padding: 8 } }} className="hide-md">
            <nav aria-label="Your lists">
              <ul className={css.listItems}>
                {all.map((l) => {
                  const active = open?._id === l._id;
                  return (
                    <li key={l._id} className={`${css.listItem} ${active ? css.current : ''}`}>
                      <button type="button" className={css.listLink} aria-current={active ? 'true' : undefined} onClick={() => t.set({ list: l._id })}>
                        <UnorderedListOutlined aria-hidden="true" />
                        <span className={css.listName}>{l.name}</span>
                        <span className={css.count} aria-label={plural(l.total, 'fan')}>
                          {count(l.total)}
                        </span>
                      </button>
                      <Dropdown trigger={['click']} menu={listMenu(l)}>
                        <Button type="text" size="small" icon={<MoreOutlined />} aria-label={`List options ${l.name}`} />
                      </Dropdown>
                    </li>
                  );
                })}
              </ul>
            </nav>
          </Card>

          {open && (
            <Card styles={{ body: { padding: 12 } }}>
              <div className={css.cardHead}>
                <Select
                  aria-label="List"
                  className="show-md"
                  value={open._id}
                  onChange={(v) => t.set({ list: v })}
                  options={all.map((l) => ({ value: l._id, label: `${l.name} (${count(l.total)})` }))}
                  popupMatchSelectWidth={false}
                />
                <h2 className="hide-md">{open.name}</h2>
                <div className={css.actions}>
                  <Dropdown trigger={['click']} menu={listMenu(open)}>
                    <Button icon={<MoreOutlined />} aria-label={`List options ${open.name}`} className="show-md" />
                  </Dropdown>
                  <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)}>
                    Add fans
                  </Button>
                </div>
              </div>
              <QueryTable<FanListMember>
                table={table}
                errorTitle="The list's fans didn't load"
                totalLabel={(n) => plural(n, 'fan')}
                empty={<EmptyState title="Nobody on this list yet" description="Add fans who follow or subscribe to you." action={<Button icon={<UserAddOutlined />} onClick={() => setAdding(true)}>Add fans</Button>} />}
                cardsLabel="List members"
                size="middle"
                onRow={(m) => ({ 'aria-label': m.name }) as HTMLAttributes<HTMLElement>}
                columns={[
                  {
                    key: 'fan',
                    title: 'Fan',
                    render: (_, m) => (
                      <span className={css.user}>
                        <Avatar size={32} src={m.avatar || DEFAULT_AVATAR} alt="" />
                        <span>
                          {m.name}
                          {m.username && <span className="muted"> @{m.username}</span>}
                        </span>
                      </span>
                    ),
                  },
                  { key: 'addedAt', title: 'Added', dataIndex: 'addedAt', width: 190, render: (v: string) => fullDate(v) },
                  {
                    key: 'actions',
                    title: <span className="sr-only">Actions</span>,
                    width: 110,
                    render: (_, m) => (
                      <Button size="small" icon={<UserDeleteOutlined />} aria-label={`Remove ${m.name}`} onClick={() => removeMember(m)}>
                        Remove
                      </Button>
                    ),
                  },
                ]}
              />
            </Card>
          )}
        </div>
      )}

      {dialogMounted && (
        <ListFormModal
          dialog={dialog}
          onClose={() => setDialog(null)}
          onSaved={(l, created) => {
            setDialog(null);
            void lists.mutate();
            if (created) t.set({ list: l._id });
          }}
        />
      )}
      {addMounted && open && (
        <AddFansModal
          open={adding}
          list={open}
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            refresh();
          }}
        />
      )}
    </div>
  );
}
