/**
 * Auth state (spec §3) and the login transitions (spec §4). `authUser` is THE current user of the
 * web app (one copy: read it with `useCurrentUser()`); the `user` slice only holds the update state.
 */
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MESSAGES, needsTwoFactor, prehashPassword, type CurrentUser, type TwoFactorProof } from '@stagepass/shared';
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

/** A signed-in answer, or (two-factor account) the challenge the code step needs (`loginTwoFactor`). */
export type LoginResult = { token: string; expiresAt: string; user: CurrentUser; twoFactor?: undefined } | { twoFactor: { challenge: string; remember: boolean } };

/** POST /auth/login → store the token (remembered or not) → load /users/me; a two-factor account answers the challenge instead. */
export const login = createAsyncThunk<LoginResult, LoginArgs, { rejectValue: string }>(
  'auth/login',
  async ({ username, password, remember = false, hashPassword }, { rejectWithValue }) => {
    try {
      const pw = hashPassword ? await prehashPassword(password) : password;
      const data = await call(routes.auth.login, { body: { username, password: pw, remember } }, { credentialsCheck: true });
      if (needsTwoFactor(data)) return { twoFactor: { challenge: data.challenge, remember } };
      setToken(data.token, remember);
      const user = await call(routes.users.me);
      return { ...data, user };
    } catch (e) {
      return rejectWithValue(errorText(e, MESSAGES.loginFailed));
    }
  },
);

/** The code step: POST /auth/login/2fa with the challenge and a code (or a recovery code) → the session, as a login. */
export const loginTwoFactor = createAsyncThunk<LoginResult, { challenge: string; remember: boolean } & TwoFactorProof, { rejectValue: string }>(
  'auth/loginTwoFactor',
  async ({ challenge, remember, code, recoveryCode }, { rejectWithValue }) => {
    try {
      const data = await call(routes.auth.loginTwoFactor, { body: { challenge, code, recoveryCode } }, { credentialsCheck: true });
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

/** A login answered: signed in, or waiting for the code step (not signed in yet, no error). */
function signedIn(s: AuthState, r: LoginResult) {
  if (r.twoFactor) {
    s.loginAuth = { requesting: false, error: null, data: null, success: false };
    return;
  }
  s.loggedIn = true;
  s.authUser = r.user;
  s.loginAuth = { requesting: false, error: null, data: { token: r.token, expiresAt: r.expiresAt }, success: true };
}

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
      .addCase(login.fulfilled, (s, a) => signedIn(s, a.payload))
      .addCase(loginTwoFactor.pending, (s) => {
        s.loginAuth = { requesting: true, error: null, data: null, success: false };
      })
      .addCase(loginTwoFactor.fulfilled, (s, a) => signedIn(s, a.payload))
      .addCase(loginTwoFactor.rejected, (s, a) => {
        s.loginAuth = { requesting: false, error: a.payload || MESSAGES.loginFailed, data: null, success: false };
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
