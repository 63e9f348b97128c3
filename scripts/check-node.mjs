// Runs before start, dev and test. The project pins Node 24 through the `node` dev dependency, which npm puts first on
// the PATH of every `npm run`. If that install step was skipped, npm silently falls back to the machine's Node, and
// the .ts sources would fail with a confusing error: say what is wrong instead.
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 22)) {
  console.error(
    `This project needs Node 24 (found ${process.version} at ${process.execPath}).\n` +
      "It installs its own Node with the project: run `npm install` (or `npm ci`) first, then use `npm start` / `npm test`.\n" +
      "If you installed with --ignore-scripts, run `npm rebuild node` to fetch the pinned Node.",
  );
  process.exit(1);
}
