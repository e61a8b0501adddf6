import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector, type TypedUseSelectorHook } from 'react-redux';
import auth from './auth';
import user from './user';
import ui from './ui';
import follow from './follow';
import subscription from './subscription';
import socket from './socket';
import notification from './notification';
import conversation from './conversation';
import message from './message';
import streamMessage from './stream-message';
import streaming from './streaming';

const rootReducer = combineReducers({ auth, user, ui, follow, subscription, socket, notification, conversation, message, streamMessage, streaming });
export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({ reducer: rootReducer, preloadedState: preloadedState as RootState | undefined });
}
export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;

/** The signed-in user (or null): the one copy, `auth.authUser`. */
export function useCurrentUser() {
  return useAppSelector((s) => s.auth.authUser);
}
