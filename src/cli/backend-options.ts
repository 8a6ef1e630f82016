/**
 * The backends' options as commander Options: each module lists its options as data
 * (backend-module.ts); a flag several backends take (--url, --ca, --user) becomes one Option. The
 * default goes into the help text only — commander is not told it, so that a flag not typed stays
 * undefined and the flag checks (backend-flags.ts) can tell it from one typed.
 */
import { type Command, Option } from 'commander';
import { BACKEND_MODULES, type OptionCommand } from '../backends/index.js';

export function backendOptions(command: OptionCommand): Option[] {
  const seen = new Map<string, Option>();
  for (const m of BACKEND_MODULES) {
    for (const o of m.options) {
      if (!(o.commands ?? ['run']).includes(command) || seen.has(o.flag)) continue;
      const help = o.default === undefined ? o.help : `${o.help} (default ${o.default})`;
      const option = new Option(o.value === undefined ? o.flag : `${o.flag} ${o.value}`, help);
      if (o.choices) option.choices([...o.choices]);
      seen.set(o.flag, option);
    }
  }
  return [...seen.values()];
}

/** Adds the backends' options of a command to it (in the modules' order), and returns it. */
export function addBackendOptions(cmd: Command, command: OptionCommand): Command {
  for (const option of backendOptions(command)) cmd.addOption(option);
  return cmd;
}
