// The queue-mode settings live in one file an operator can hand to n8n as it is (docker's
// env_file, systemd's EnvironmentFile): KEY=VALUE lines, `#` comments, blank lines. This reads it
// for the check script, strictly, so a typo fails the check instead of silently configuring nothing.

const LINE = /^([A-Z_][A-Z0-9_]*)=(.*)$/;

/** The settings of an env file, in order; throws with the line number for anything else. */
export function parseEnvFile(text: string): Record<string, string> {
  const settings: Record<string, string> = {};
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const match = LINE.exec(line);
    if (!match) throw new Error(`line ${index + 1}: expected KEY=VALUE, got "${line}"`);
    const [, key, value] = match as unknown as [string, string, string];
    if (key in settings) throw new Error(`line ${index + 1}: ${key} is set twice`);
    settings[key] = value;
  });
  return settings;
}
