/**
 * Preloaded (`node --import`) into a child process that must not outlive the
 * process that started it: the child exits when its stdin, a pipe from the
 * parent, ends, which the kernel does as soon as the parent is gone, even after
 * SIGKILL. `npm start` runs Vite with it (the functions' Deno process watches its
 * stdin the same way, local-supabase/functions/deno-router.js).
 *
 * Plain JavaScript: Node loads it before any TypeScript loader.
 */
process.stdin.on('end', () => process.exit(0))
process.stdin.resume()
