/** UI / site settings (spec §3); persisted to localStorage by the client extras when they change. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MenuItem } from '@stagepass/shared';

export interface UiState {
  siteName: string;
  logo: string;
  darkmodeLogo: string;
  menus: MenuItem[];
  favicon: string;
}
export const initialUiState: UiState = { siteName: 'Stagepass', logo: '/logo.svg', darkmodeLogo: '/logo-dark.svg', menus: [], favicon: '/favicon.ico' };

const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    updateUiValue(state, action: PayloadAction<Partial<UiState>>) {
      return { ...state, ...action.payload };
    },
  },
});
export const { updateUiValue } = uiSlice.actions;
export default uiSlice.reducer;
