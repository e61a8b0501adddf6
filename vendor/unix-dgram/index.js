'use strict';
// Stagepass talks to Janus over WebSocket only (JANUS_URL is ws:// or wss://). janode's core still
// imports its Unix-socket transport, and with it the native unix-dgram, which needs a compiler and
// the headers of the running Node.js at install time (not at hand for Node 24 on an offline
// machine). This workspace (version 2.0.99, within janode's ^2.0.4) takes its place: the import works,
// and a Unix-socket transport, if one were ever asked for, fails with this message.
function createSocket() {
  throw new Error('Unix-socket transport to Janus is not available in Stagepass: use a ws:// JANUS_URL');
}
module.exports = { createSocket };
