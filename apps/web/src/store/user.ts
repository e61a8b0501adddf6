/** Current user + update state (spec §3) with the profile/performer/password transitions (spec §4). */
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MESSAGES, type CurrentUser, type PerformerProfile, type UpdatePerformerInput, type UpdateUserInput } from '@stagepass/shared';
import { api, errorText } from '@/lib/api';

export interface UserState {
  current: CurrentUser | null;
  updating: boolean;
  updateSuccess: boolean;
  error: string | null;
  updatedPassword: boolean;
}
export const initialUserState: UserState = { current: null, updating: false, updateSuccess: false, error: null, updatedPassword: false };

export const updateUser = createAsyncThunk<CurrentUser, UpdateUserInput, { rejectValue: { message: string; body: unknown } }>(
  'user/update',
  async (payload, { rejectWithValue }) => {
    try {
      return await api.put<CurrentUser>('/users', payload);
    } catch (e) {
      return rejectWithValue({ message: errorText(e, MESSAGES.updateFailed), body: e });
    }
  },
);

export const updatePerformer = createAsyncThunk<PerformerProfile, UpdatePerformerInput, { rejectValue: { message: string; body: unknown } }>(
  'user/updatePerformer',
  async (payload, { rejectWithValue }) => {
    try {
      return await api.put<PerformerProfile>('/performers/me', payload);
    } catch (e) {
      return rejectWithValue({ message: errorText(e, MESSAGES.updateFailed), body: e });
    }
  },
);

export const updatePassword = createAsyncThunk<true, { password: string; currentPassword?: string; source: 'user' | 'performer' }, { rejectValue: { message: string; body: unknown } }>(
  'user/updatePassword',
  async (payload, { rejectWithValue }) => {
    try {
      await api.put('/auth/users/me/password', payload);
      return true;
    } catch (e) {
      return rejectWithValue({ message: errorText(e, MESSAGES.updateFailed), body: e });
    }
  },
);

const userSlice = createSlice({
  name: 'user',
  initialState: initialUserState,
  reducers: {
    setCurrentUser(state, action: PayloadAction<CurrentUser | null>) {
      state.current = action.payload;
    },
    patchCurrentUser(state, action: PayloadAction<Partial<CurrentUser>>) {
      if (state.current) state.current = { ...state.current, ...action.payload };
    },
    resetUser() {
      return initialUserState;
    },
  },
  extraReducers: (b) => {
    for (const thunk of [updateUser, updatePerformer] as const) {
      b.addCase(thunk.pending, (s) => {
        s.updating = true;
      })
        .addCase(thunk.fulfilled, (s, a) => {
          s.current = { ...(s.current || {}), ...a.payload } as CurrentUser;
          s.updateSuccess = true;
          s.error = null;
          s.updating = false;
        })
        .addCase(thunk.rejected, (s, a) => {
          s.error = a.payload?.message || MESSAGES.updateFailed;
          s.updateSuccess = false;
          s.updating = false;
        });
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
      .addCase(updatePassword.rejected, (s, a) => {
        s.error = a.payload?.message || MESSAGES.updateFailed;
        s.updateSuccess = false;
        s.updating = false;
      });
  },
});

export const { setCurrentUser, patchCurrentUser, resetUser } = userSlice.actions;
export default userSlice.reducer;
