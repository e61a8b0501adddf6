'use client';
import { App, type FormInstance } from 'antd';
import type { AsyncThunk } from '@reduxjs/toolkit';
import { MESSAGES } from '@stagepass/shared';
import { compact, showFieldErrors } from '@/lib/form-rules';
import { useAppDispatch } from '@/store';
import type { UpdateRejection } from '@/store/user';

/**
 * onFinish for a profile form saved by an update thunk (updateUser, updatePerformer): sends the
 * non-empty values with the username normalised, then says "saved" or puts the API's messages
 * under the fields and in a toast.
 */
export function useProfileSubmit<V extends { username?: string }, Returned, Arg>(
  form: FormInstance<V>,
  thunk: AsyncThunk<Returned, Arg, { rejectValue: UpdateRejection }>,
  onSaved: (saved: Returned) => void,
) {
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  return async (v: V) => {
    const r = await dispatch(thunk(compact({ ...v, username: v.username?.trim().toLowerCase() }) as never));
    if (thunk.fulfilled.match(r)) {
      onSaved(r.payload);
      message.success(MESSAGES.changesSaved);
    } else {
      showFieldErrors(form, r.payload?.body);
      message.error(r.payload?.message || MESSAGES.updateFailed);
    }
  };
}
