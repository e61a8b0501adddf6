/**
 * Update state (spec §3) with the profile/performer/password transitions (spec §4). The current
 * user itself is `auth.authUser` (one copy); a saved profile is merged into it.
 */
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { MESSAGES, TOKEN_LIFETIME_DAYS, type CurrentUser, type UpdatePerformerInput, type UpdateUserInput } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, setToken } from '@/lib/api';
import { logout, patchAuthUser, resetAuth } from './auth';

export interface UserState {
  updating: boolean;
  updateSuccess: boolean;
  error: string | null;
  updatedPassword: boolean;
}
export const initialUserState: UserState = { updating: false, updateSuccess: false, error: null, updatedPassword: false };

/** How every update thunk here fails: the message to show and the raw error (for its per-field messages). */
export interface UpdateRejection {
  message: string;
  body: unknown;
}

/** A thunk that runs one API call and rejects with an {@link UpdateRejection}. */
function updateThunk<Returned, Arg>(type: string, call: (arg: Arg) => Promise<Returned>, mergeIntoUser = false) {
  return createAsyncThunk<Returned, Arg, { rejectValue: UpdateRejection }>(type, async (arg, { dispatch, rejectWithValue }) => {
    try {
      const saved = await call(arg);
      if (mergeIntoUser) dispatch(patchAuthUser(saved as Partial<CurrentUser>));
      return saved;
    } catch (e) {
      return rejectWithValue({ message: errorText(e, MESSAGES.updateFailed), body: e });
    }
  });
}

export const updateUser = updateThunk('user/update', (payload: UpdateUserInput) => call(routes.users.update, { body: payload }), true);

export const updatePerformer = updateThunk('user/updatePerformer', (payload: UpdatePerformerInput) => call(routes.performers.update, { body: payload }), true);

/**
 * PUT /auth/users/me/password. The API ends every session, the calling one too, and answers a
 * fresh token with the lifetime the old session had: keep the user signed in with it, remembered
 * (a lasting cookie) when the token lasts longer than a plain session.
 */
export const updatePassword = updateThunk('user/updatePassword', async (payload: { password: string; currentPassword?: string; source: 'user' | 'performer' }) => {
  const { token, expiresAt } = await call(routes.auth.changePassword, { body: payload });
  const remember = new Date(expiresAt).getTime() - Date.now() > (TOKEN_LIFETIME_DAYS.session + 1) * 86_400_000;
  setToken(token, remember);
  return true as const;
});

const rejected = (s: UserState, a: { payload?: UpdateRejection }) => {
  s.error = a.payload?.message || MESSAGES.updateFailed;
  s.updateSuccess = false;
  s.updating = false;
};

const userSlice = createSlice({
  name: 'user',
  initialState: initialUserState,
  reducers: {
    resetUser() {
      return initialUserState;
    },
  },
  extraReducers: (b) => {
    for (const thunk of [updateUser, updatePerformer] as const) {
      b.addCase(thunk.pending, (s) => {
        s.updating = true;
      })
        .addCase(thunk.fulfilled, (s) => {
          s.updateSuccess = true;
          s.error = null;
          s.updating = false;
        })
        .addCase(thunk.rejected, rejected);
    }
    b.addCase(updatePassword.pending, (s) => {
      s.updating = true;
      s.updatedPassword = false;
    })
      .addCase(updatePassword.fulfilled, (s) => {
        s.updatedPassword = true;
        s.updateSuccess = true;
        s.error = null;
        s.updating = false;
      })
      .addCase(updatePassword.rejected, rejected)
      .addCase(logout.fulfilled, () => initialUserState)
      .addCase(resetAuth, () => initialUserState);
  },
});

export const { resetUser } = userSlice.actions;
export default userSlice.reducer;
