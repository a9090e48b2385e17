// Preloaded (node --import) into the servers bench:scale starts, whose stdin is a pipe from the
// benchmark: when the benchmark ends, however it ends (even SIGKILL), the pipe closes and the server
// stops itself as on SIGTERM, so no server outlives the run that started it.
for (const event of ["end", "error"]) process.stdin.on(event, () => process.kill(process.pid, "SIGTERM"));
process.stdin.resume();
