// The Node.js versions Stagepass supports — package.json `engines` ("^22.13.0 || >=24.0.0"); .nvmrc
// says 24, the LTS a self-hoster installs today. `npm start` checks before anything else.

/** null when `version` is supported, otherwise the one line that says so. */
export function nodeVersionProblem(version = process.versions.node) {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  if (major >= 24 || (major === 22 && minor >= 13)) return null;
  return `✖ Stagepass needs Node.js 24 LTS (or 22.13 and later); this is Node.js ${version}. Install Node.js 24 (https://nodejs.org, or \`nvm install\` here: .nvmrc says 24).`;
}

/** Prints the line and exits on an unsupported Node.js. */
export function requireSupportedNode() {
  const problem = nodeVersionProblem();
  if (!problem) return;
  console.error(problem);
  process.exit(1);
}
