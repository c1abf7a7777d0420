// Runs khalif-cli compiled for wasm32-wasip1 under Node's WASI, to measure the rules core
// as it would run in a browser's wasm engine (V8). Usage:
//   node benches/wasm-bench.mjs path/to/khalif-cli.wasm bench --runs 3
import { readFile } from "node:fs/promises";
import { WASI } from "node:wasi";
import { argv } from "node:process";

const [, , wasmPath, ...args] = argv;
if (!wasmPath) {
  console.error("usage: node benches/wasm-bench.mjs khalif-cli.wasm <khalif-cli arguments>");
  process.exit(2);
}
const wasi = new WASI({ version: "preview1", args: ["khalif-cli", ...args], env: {} });
const module = await WebAssembly.compile(await readFile(wasmPath));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);
