'use client';
import { App, type FormInstance } from 'antd';
import type { AsyncThunk } from '@reduxjs/toolkit';
import { MESSAGES, prehashPassword } from '@stagepass/shared';
import { compact, showFieldErrors } from '@/lib/form-rules';
import { useSettings } from '@/lib/site-context';
import { useAppDispatch } from '@/store';
import type { UpdateRejection } from '@/store/user';

/**
 * onFinish for a profile form saved by an update thunk (updateUser, updatePerformer): sends the
 * non-empty values with the username normalised (and the current password, pre-hashed when the
 * site says so, when the e-mail changes), then says "saved" — or "check your new address" when an
 * e-mail change waits for its link — or puts the API's messages under the fields and in a toast.
 */
export function useProfileSubmit<V extends { username?: string; email?: string; currentPassword?: string }, Returned extends { email?: string | null; pendingEmail?: string | null }, Arg>(
  form: FormInstance<V>,
  thunk: AsyncThunk<Returned, Arg, { rejectValue: UpdateRejection }>,
  onSaved?: (saved: Returned) => void,
) {
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  const { clientPasswordHashing } = useSettings();
  return async (v: V) => {
    const currentPassword = v.currentPassword && clientPasswordHashing ? await prehashPassword(v.currentPassword) : v.currentPassword;
    const r = await dispatch(thunk(compact({ ...v, username: v.username?.trim().toLowerCase(), currentPassword }) as never));
    if (thunk.fulfilled.match(r)) {
      onSaved?.(r.payload);
      const pending = r.payload.pendingEmail;
      // The form shows the stored address again until the link is followed.
      form.setFieldsValue({ email: r.payload.email ?? undefined, currentPassword: undefined } as never);
      if (pending && v.email?.trim().toLowerCase() === pending) message.info(`Check your new address: we sent a confirmation link to ${pending}.`);
      else message.success(MESSAGES.changesSaved);
    } else {
      showFieldErrors(form, r.payload?.body);
      message.error(r.payload?.message || MESSAGES.updateFailed);
    }
  };
}
