/**
 * Auth state (spec §3) and the login transitions (spec §4). `authUser` is THE current user of the
 * web app (one copy: read it with `useCurrentUser()`); the `user` slice only holds the update state.
 */
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MESSAGES, prehashPassword, type CurrentUser } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, removeToken, setToken } from '@/lib/api';

export interface LoginAuthState {
  requesting: boolean;
  error: string | null;
  data: { token: string; expiresAt: string } | null;
  success: boolean;
}
export interface AuthState {
  loggedIn: boolean;
  authUser: CurrentUser | null;
  loginAuth: LoginAuthState;
}

export const initialAuthState: AuthState = {
  loggedIn: false,
  authUser: null,
  loginAuth: { requesting: false, error: null, data: null, success: false },
};

export interface LoginArgs {
  username: string;
  password: string;
  remember?: boolean;
  hashPassword?: boolean;
}

/** POST /auth/login → store the token (remembered or not) → load /users/me. */
export const login = createAsyncThunk<{ token: string; expiresAt: string; user: CurrentUser }, LoginArgs, { rejectValue: string }>(
  'auth/login',
  async ({ username, password, remember = false, hashPassword }, { rejectWithValue }) => {
    try {
      const pw = hashPassword ? await prehashPassword(password) : password;
      const data = await call(routes.auth.login, { body: { username, password: pw, remember } }, { credentialsCheck: true });
      setToken(data.token, remember);
      const user = await call(routes.users.me);
      return { ...data, user };
    } catch (e) {
      return rejectWithValue(errorText(e, MESSAGES.loginFailed));
    }
  },
);

/** A token obtained elsewhere (social login) behaves like a successful login. */
export const loginWithToken = createAsyncThunk<CurrentUser, { token: string; remember?: boolean }, { rejectValue: string }>(
  'auth/loginWithToken',
  async ({ token, remember = true }, { rejectWithValue }) => {
    try {
      setToken(token, remember);
      return await call(routes.users.me);
    } catch (e) {
      return rejectWithValue(errorText(e, MESSAGES.loginFailed));
    }
  },
);

/** Logout removes the token and resets the user state; the caller navigates to /auth/login. */
export const logout = createAsyncThunk('auth/logout', async () => {
  try {
    await call(routes.auth.logout);
  } catch {
    /* the session may already be gone */
  }
  removeToken();
});

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    setAuthUser(state, action: PayloadAction<CurrentUser | null>) {
      state.authUser = action.payload;
      state.loggedIn = Boolean(action.payload);
    },
    /** Merge fresh fields (a saved profile, a new avatar, the balance a charge answered with). */
    patchAuthUser(state, action: PayloadAction<Partial<CurrentUser>>) {
      if (state.authUser) state.authUser = { ...state.authUser, ...action.payload };
    },
    resetAuth() {
      return initialAuthState;
    },
  },
  extraReducers: (b) => {
    b.addCase(login.pending, (s) => {
      s.loginAuth = { requesting: true, error: null, data: null, success: false };
    })
      .addCase(login.fulfilled, (s, a) => {
        s.loggedIn = true;
        s.authUser = a.payload.user;
        s.loginAuth = { requesting: false, error: null, data: { token: a.payload.token, expiresAt: a.payload.expiresAt }, success: true };
      })
      .addCase(login.rejected, (s, a) => {
        s.loggedIn = false;
        s.loginAuth = { requesting: false, error: a.payload || MESSAGES.loginFailed, data: null, success: false };
      })
      .addCase(loginWithToken.fulfilled, (s, a) => {
        s.loggedIn = true;
        s.authUser = a.payload;
        s.loginAuth = { requesting: false, error: null, data: null, success: true };
      })
      .addCase(loginWithToken.rejected, (s, a) => {
        s.loggedIn = false;
        s.loginAuth = { requesting: false, error: a.payload || MESSAGES.loginFailed, data: null, success: false };
      })
      .addCase(logout.fulfilled, () => initialAuthState);
  },
});

export const { setAuthUser, patchAuthUser, resetAuth } = authSlice.actions;
export default authSlice.reducer;
