/**
 * Streaming state (spec §3): `privateRequests`, a list whose entries each carry a conversationId,
 * and its transitions (spec §4 Streaming): adding a private request appends it; accessing one
 * removes the request with that conversationId. Beside the spec's field: `loading`/`error` of the
 * list's load (GET /streaming/private-requests: received by a creator, sent by a fan).
 * A request pushed by 'stream/private-request' is added while pending; once answered (accepted,
 * declined, cancelled, expired) it leaves the list.
 */
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MESSAGES, type PrivateRequest } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { logout, resetAuth } from './auth';

export interface StreamingState {
  privateRequests: PrivateRequest[];
  loading: boolean;
  error: string | null;
}

export const initialStreamingState: StreamingState = { privateRequests: [], loading: false, error: null };

export const loadPrivateRequests = createAsyncThunk<PrivateRequest[], void, { rejectValue: string }>('streaming/privateRequests', async (_, { rejectWithValue }) => {
  try {
    return (await call(routes.streaming.privateRequests)).data;
  } catch (e) {
    return rejectWithValue(errorText(e, MESSAGES.updateFailed));
  }
});

function add(s: StreamingState, r: PrivateRequest) {
  const at = s.privateRequests.findIndex((x) => x._id === r._id);
  if (at >= 0) s.privateRequests[at] = r;
  else s.privateRequests.push(r);
}

const streamingSlice = createSlice({
  name: 'streaming',
  initialState: initialStreamingState,
  reducers: {
    /** Adding a private request appends it (the same request again replaces its entry). */
    addPrivateRequest(s, a: PayloadAction<PrivateRequest>) {
      add(s, a.payload);
    },
    /** Accessing a private request (accepting, declining, watching it) removes the one with that conversationId. */
    accessPrivateRequest(s, a: PayloadAction<{ conversationId: string }>) {
      s.privateRequests = s.privateRequests.filter((r) => r.conversationId !== a.payload.conversationId);
    },
    /** 'stream/private-request': pending → added; answered or expired → removed. */
    privateRequestUpdated(s, a: PayloadAction<PrivateRequest>) {
      if (a.payload.status === 'pending') add(s, a.payload);
      else s.privateRequests = s.privateRequests.filter((r) => r._id !== a.payload._id);
    },
    resetStreaming() {
      return initialStreamingState;
    },
  },
  extraReducers: (b) => {
    b.addCase(loadPrivateRequests.pending, (s) => {
      s.loading = true;
      s.error = null;
    })
      .addCase(loadPrivateRequests.fulfilled, (s, a) => {
        s.loading = false;
        // A request pushed while the list was on its way is kept.
        const loaded = new Set(a.payload.map((r) => r._id));
        s.privateRequests = [...a.payload, ...s.privateRequests.filter((r) => !loaded.has(r._id) && r.status === 'pending')];
      })
      .addCase(loadPrivateRequests.rejected, (s, a) => {
        s.loading = false;
        s.error = a.payload ?? MESSAGES.updateFailed;
      })
      .addCase(logout.fulfilled, () => initialStreamingState)
      .addCase(resetAuth, () => initialStreamingState);
  },
});

export const { addPrivateRequest, accessPrivateRequest, privateRequestUpdated, resetStreaming } = streamingSlice.actions;
export default streamingSlice.reducer;
