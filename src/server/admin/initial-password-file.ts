import { open, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * The first-start operator password lives in a file, not in the log (journald keeps logs for anyone in
 * the adm group, for months): issue 24 §9.
 */
export const initialPasswordFile = (dataDir: string) => path.resolve(dataDir, 'operator-password.txt');

/**
 * Creates the file with mode 0600 and O_EXCL ('wx'): never through a link someone left at that path, never
 * over another file. A stale one (a data directory whose database was removed) is unlinked first, which
 * removes a link itself rather than its target.
 */
export async function writeInitialPassword(file: string, password: string): Promise<void> {
  const create = () => open(file, 'wx', 0o600);
  let handle;
  try {
    handle = await create();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    await unlink(file);
    handle = await create();
  }
  try {
    await handle.writeFile(`${password}\n`);
  } finally {
    await handle.close();
  }
}

/** Once the operator has chosen a password of their own, the first one is gone from the disk too. */
export async function removeInitialPassword(file: string): Promise<void> {
  await unlink(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}
