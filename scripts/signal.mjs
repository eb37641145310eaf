// The signalling service of online play on this machine: PeerJS's own PeerServer (the
// npm package `peer`, the server software of PeerJS's public cloud server), listening
// on 127.0.0.1. Run through scripts/signal; the browser tests start it the same way.
//
//   node scripts/signal.mjs [--port N]     (N = 0: any free port)
//
// Prints, once it listens, the value for the page's ?signal= parameter on a line of its
// own ("?signal=ws://127.0.0.1:N/"), then one line per peer that comes or goes. Stops
// cleanly on Ctrl-C (SIGINT) or SIGTERM.
import { readFileSync } from "node:fs";

import { PeerServer } from "peer";

function parsePort(argv) {
  let port = 9000;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = arg === "--port" ? argv[++i] : arg.startsWith("--port=") ? arg.slice(7) : null;
    if (value === null) {
      console.error(`signal: unknown argument ${JSON.stringify(arg)}; usage: signal [--port N]`);
      process.exit(2);
    }
    port = Number(value);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      console.error(`signal: --port wants a number from 0 to 65535, not ${JSON.stringify(value)}`);
      process.exit(2);
    }
  }
  return port;
}

const HOST = "127.0.0.1";
const port = parsePort(process.argv.slice(2));
let server = null;

const peers = PeerServer({ host: HOST, port, path: "/", key: "peerjs" }, (http) => {
  server = http;
  const actual = http.address().port;
  console.log(`signal: PeerServer of peer ${version()} on ${HOST}:${actual}`);
  console.log(`?signal=ws://${HOST}:${actual}/`);
});
peers.on("connection", (client) => console.log(`signal: + ${client.getId()}`));
peers.on("disconnect", (client) => console.log(`signal: - ${client.getId()}`));
peers.on("error", (error) => {
  if (error?.code === "EADDRINUSE") {
    console.error(`signal: port ${port} on ${HOST} is in use: choose another with --port N`);
    process.exit(1);
  }
  console.error(`signal: ${error?.message ?? error}`);
});

function version() {
  try {
    const url = new URL("../node_modules/peer/package.json", import.meta.url);
    return JSON.parse(readFileSync(url, "utf8")).version;
  } catch {
    return "?";
  }
}

function stop(signal) {
  console.log(`signal: stopping (${signal})`);
  if (!server) process.exit(0);
  // Open WebSockets keep a plain close() waiting: end them too.
  server.closeAllConnections?.();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
