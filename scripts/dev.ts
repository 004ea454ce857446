/** `bun run dev`: the API server with reload on change, and Vite's dev server proxying to it. */
import { spawn } from "node:child_process";

const children = [
  spawn("bun", ["--watch", "src/server/index.ts"], { stdio: "inherit" }),
  spawn("bunx", ["--bun", "vite"], { stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
