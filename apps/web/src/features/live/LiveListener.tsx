'use client';
/**
 * The signed-in user's private-show plumbing, mounted once by the shell ('stream/private-request'
 * goes to the streaming state wherever the user is). A fan whose request was accepted is taken to
 * the private stream's page (/live/<username>?stream=<id>); declined, expired or cancelled → a
 * message. A creator away from the studio is told of a new request, with a link to it.
 */
import { useRouter, usePathname } from 'next/navigation';
import { App, Button } from 'antd';
import { useSocketEvent } from '@/lib/socket';
import { useAppDispatch, useCurrentUser } from '@/store';
import { accessPrivateRequest, privateRequestUpdated } from '@/store/streaming';

const STUDIO = '/creator/live';

export default function LiveListener() {
  const dispatch = useAppDispatch();
  const router = useRouter();
  const pathname = usePathname();
  const me = useCurrentUser();
  const { message, notification } = App.useApp();

  useSocketEvent('stream/private-request', ({ request: r }) => {
    dispatch(privateRequestUpdated(r));
    if (!me) return;
    if (r.performerId === me._id) {
      if (r.status !== 'pending' || pathname === STUDIO) return;
      const fan = r.fan?.name || r.fan?.username || 'A fan';
      notification.info({
        key: `private-${r._id}`,
        title: `${fan} requests a private show`,
        description: 'Answer it in your studio before it expires.',
        actions: (
          <Button
            type="primary"
            size="small"
            onClick={() => {
              notification.destroy(`private-${r._id}`);
              router.push(STUDIO);
            }}
          >
            Open the studio
          </Button>
        ),
      });
      return;
    }
    const name = r.performer?.name || 'The creator';
    if (r.status === 'accepted' && r.streamId) {
      dispatch(accessPrivateRequest({ conversationId: r.conversationId }));
      message.success(`${name} accepted — your private show is starting`);
      router.push(`/live/${r.performer?.username || r.performerId}?stream=${r.streamId}`);
    } else if (r.status === 'declined') message.info(`${name} declined your private show request`);
    else if (r.status === 'expired') message.info(`${name} did not answer your private show request in time`);
    else if (r.status === 'cancelled') message.info('Your private show request was cancelled');
  });

  return null;
}
