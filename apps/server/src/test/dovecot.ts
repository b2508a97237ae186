import { type ChildProcess, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { basename, join } from 'node:path';

/**
 * A real Dovecot IMAP server for tests: Debian's `dovecot-imapd`, started in the foreground on a
 * free loopback port with a throwaway config, passwd-file and maildirs in a temp dir. It never reads
 * /etc/dovecot (every dovecot and doveadm call gets `-c <our config>`, sockets and state live in the
 * temp dir). Plain-text login without TLS, on 127.0.0.1 only. Starts in about 50 ms.
 */

export interface DovecotUser {
  /** Login name, e.g. `office@example.com` (letters, digits and `._@+-`). */
  user: string;
  /** Any text without `:` or line breaks. */
  password: string;
}

export interface Dovecot {
  host: string;
  port: number;
  /** The temp dir: config, `dovecot.log`, `passwd`, `home/<user>/Maildir`. */
  dir: string;
  /**
   * Stores a raw RFC 822 message (CRLF or LF) in a user's mailbox, as a local delivery would, with
   * `doveadm save`: clients IDLE-ing on that mailbox hear of it within about 0.5 s (Dovecot batches
   * change notices). Mailboxes: INBOX, Drafts, Sent, Trash, Junk (created on first use, with their
   * special-use flags); any other name fails.
   */
  deliver(user: string, raw: string | Buffer, opts?: { mailbox?: string }): Promise<void>;
  /** The last lines of Dovecot's log, for assertion messages. */
  logTail(lines?: number): string;
  /** Stops Dovecot and removes the temp dir. Safe to call twice. */
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 5000;
const DELIVER_TIMEOUT_MS = 10_000;
const SPECIAL_MAILBOXES = ['Drafts', 'Sent', 'Trash', 'Junk'] as const;
/** Where Debian puts the binaries (not always on a non-root user's PATH). */
const BIN_DIRS = ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin', '/sbin', '/bin'];

function findBinary(name: string): string {
  const found = BIN_DIRS.map((dir) => join(dir, name)).find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      `${name} is not installed (looked in ${BIN_DIRS.join(', ')}). The mail tests need a real Dovecot: ` +
        'apt-get install -y dovecot-imapd (.ci/run does this).',
    );
  }
  return found;
}

/** uid and gid of a system user, from /etc/passwd (Node has no getpwnam). */
function systemUser(name: string): { uid: number; gid: number } | undefined {
  for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
    const [user, , uid, gid] = line.split(':');
    if (user === name && uid && gid) return { uid: Number(uid), gid: Number(gid) };
  }
  return undefined;
}

/** Name of a group, from /etc/group. */
function groupName(gid: number): string {
  for (const line of readFileSync('/etc/group', 'utf8').split('\n')) {
    const [name, , id] = line.split(':');
    if (name && Number(id) === gid) return name;
  }
  throw new Error(`startDovecot: no group with gid ${gid} in /etc/group`);
}

/**
 * Who Dovecot's processes and the mail files run as. As root, Dovecot's own unprivileged users
 * (created by the package) and mail owned by `dovecot` (Dovecot refuses mail access as uid 0).
 * As anyone else, everything runs as that user, and login processes cannot chroot.
 */
function identities() {
  const me = userInfo();
  if (me.uid !== 0) {
    const group = groupName(me.gid);
    return { internalUser: me.username, internalGroup: group, loginUser: me.username, mail: me, root: false };
  }
  const mail = systemUser('dovecot');
  if (!mail || !systemUser('dovenull')) {
    throw new Error(
      'the users dovecot and dovenull are missing: reinstall dovecot-core (apt-get install dovecot-imapd)',
    );
  }
  return { internalUser: 'dovecot', internalGroup: 'dovecot', loginUser: 'dovenull', mail, root: true };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

function validateUsers(users: DovecotUser[]) {
  for (const { user, password } of users) {
    if (!/^[A-Za-z0-9._@+-]+$/.test(user))
      throw new Error(`startDovecot: bad user name ${JSON.stringify(user)}`);
    if (/[:\r\n]/.test(password))
      throw new Error(`startDovecot: the password of ${user} has ':' or a line break`);
  }
}

/** Paths are written unquoted where Dovecot takes them as driver args: the temp dir must have no spaces. */
function configText(dir: string, port: number, ids: ReturnType<typeof identities>): string {
  const mailboxes = SPECIAL_MAILBOXES.map(
    (name) => `  mailbox ${name} {\n    special_use = \\${name}\n    auto = subscribe\n  }`,
  ).join('\n');
  return `# Written by apps/server/src/test/dovecot.ts; removed when the test stops the server.
protocols = imap
listen = 127.0.0.1
base_dir = "${dir}/run"
state_dir = "${dir}/state"
instance_name = "test-${port}"
login_greeting = Dovecot ${basename(dir)} ready.
log_path = "${dir}/dovecot.log"
auth_verbose = yes
# A failed login answers after about 0.5 s instead of the usual 2 s (Dovecot keeps a minimum).
auth_failure_delay = 0
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${ids.internalUser}
default_internal_group = ${ids.internalGroup}
default_login_user = ${ids.loginUser}
first_valid_uid = ${ids.mail.uid}
last_valid_uid = 0
first_valid_gid = ${ids.mail.gid}
mail_location = maildir:~/Maildir
passdb {
  driver = passwd-file
  args = scheme=PLAIN ${dir}/passwd
}
userdb {
  driver = passwd-file
  args = ${dir}/passwd
}
namespace inbox {
  inbox = yes
  separator = /
${mailboxes}
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }${ids.root ? '' : '\n  chroot ='}
}
`;
}

/** The first line a server on the port sends, or undefined if nothing accepts a connection there. */
function greeting(port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const done = (value: string | undefined) => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(1000, () => done(text));
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.includes('\n')) done(text.split('\n')[0]);
    });
    socket.once('error', () => done(undefined));
    socket.once('end', () => done(text));
  });
}

/**
 * Resolves once our Dovecot greets on the port (its greeting carries `token`, so a stranger that
 * took the port first is not mistaken for it); rejects if the process ends first.
 */
async function waitForListener(
  child: ChildProcess,
  port: number,
  token: string,
  describe: () => string,
): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let exited: string | undefined;
  const onExit = (code: number | null, signal: string | null) => {
    exited = `exited (code ${code}, signal ${signal})`;
  };
  child.once('exit', onExit);
  try {
    for (;;) {
      if (exited) throw new Error(`dovecot ${exited} before listening on ${port}\n${describe()}`);
      if ((await greeting(port))?.includes(token)) return;
      if (Date.now() > deadline) {
        throw new Error(`dovecot did not listen on ${port} within ${START_TIMEOUT_MS} ms\n${describe()}`);
      }
      // Poll interval while the master process binds its listener (not a sleep in a test).
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.off('exit', onExit);
  }
}

function run(bin: string, args: string[], input: string | Buffer, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else
        reject(
          new Error(`${bin} ${args.join(' ')} failed (code ${code}, signal ${signal}): ${stderr.trim()}`),
        );
    });
    // doveadm may exit before it reads its (empty) input: the exit code is the verdict, not EPIPE
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}

function killGroup(child: ChildProcess) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Starts a throwaway Dovecot with these users and empty mailboxes. Stop it in `afterAll`. */
export async function startDovecot(opts: { users: DovecotUser[] }): Promise<Dovecot> {
  validateUsers(opts.users);
  const dovecotBin = findBinary('dovecot');
  const doveadmBin = findBinary('doveadm');
  const ids = identities();

  const dir = mkdtempSync(join(tmpdir(), 'dovecot-'));
  if (/\s/.test(dir)) {
    rmSync(dir, { recursive: true });
    throw new Error(`startDovecot: the temp dir ${dir} has a space; set TMPDIR to one without`);
  }
  // Dovecot's auth process (user `dovecot`) must traverse the dir and read the passwd file.
  chmodSync(dir, 0o711);
  for (const sub of ['run', 'state', 'home']) mkdirSync(join(dir, sub));
  const passwd = opts.users
    .map(({ user, password }) => {
      const home = join(dir, 'home', user);
      mkdirSync(home);
      if (ids.root) chownSync(home, ids.mail.uid, ids.mail.gid);
      return `${user}:{PLAIN}${password}:${ids.mail.uid}:${ids.mail.gid}::${home}::\n`;
    })
    .join('');
  writeFileSync(join(dir, 'passwd'), passwd, { mode: 0o644 });
  const configPath = join(dir, 'dovecot.conf');
  const logPath = join(dir, 'dovecot.log');

  const logTail = (lines = 20) =>
    existsSync(logPath) ? readFileSync(logPath, 'utf8').trimEnd().split('\n').slice(-lines).join('\n') : '';

  let child: ChildProcess | undefined;
  let port = 0;
  // The free port can be taken between our probe and Dovecot's bind: then try another one.
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    writeFileSync(configPath, configText(dir, port, ids));
    // Its own process group, so stopping it takes its auth, login and imap processes along at once.
    const started = spawn(dovecotBin, ['-F', '-c', configPath], {
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    let stderr = '';
    started.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const spawnError = new Promise<never>((_, reject) => started.once('error', reject));
    spawnError.catch(() => {}); // raced below; an error after the race is already answered
    const describe = () => `stderr: ${stderr.trim() || '(none)'}\nlog (${logPath}):\n${logTail()}`;
    try {
      await Promise.race([waitForListener(started, port, basename(dir), describe), spawnError]);
      // A user lookup through the auth process: a broken passdb/userdb fails here, not in a test.
      const first = opts.users[0];
      if (first) {
        await run(doveadmBin, ['-c', configPath, 'user', first.user], '', START_TIMEOUT_MS).catch(
          (err: Error) => {
            throw new Error(
              `dovecot started but cannot look up ${first.user}: ${err.message}\n${describe()}`,
            );
          },
        );
      }
      child = started;
      break;
    } catch (err) {
      killGroup(started);
      const inUse = /Address already in use/.test(stderr + logTail());
      if (!inUse || attempt >= 3) {
        rmSync(dir, { recursive: true, force: true });
        throw err;
      }
    }
  }
  const running = child;
  // A forgotten stop() must not keep the test worker alive, nor leave Dovecot running after it.
  running.unref();
  (running.stderr as { unref?: () => void } | null)?.unref?.();
  const onExit = () => {
    killGroup(running);
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  let stopped: Promise<void> | undefined;
  return {
    host: '127.0.0.1',
    port,
    dir,
    logTail,
    async deliver(user, raw, { mailbox = 'INBOX' } = {}) {
      const args = ['-c', configPath, 'save', '-u', user, '-m', mailbox];
      await run(doveadmBin, args, raw, DELIVER_TIMEOUT_MS).catch((err: Error) => {
        throw new Error(`${err.message}\nlog:\n${logTail()}`);
      });
    },
    stop() {
      stopped ??= (async () => {
        process.off('exit', onExit);
        if (running.exitCode === null && running.signalCode === null) {
          const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
          running.ref(); // keep this process alive until it has gone
          // SIGKILL, not SIGTERM: a throwaway server has nothing to save, and SIGTERM takes a second.
          killGroup(running);
          await exited;
        }
        rmSync(dir, { recursive: true, force: true });
      })();
      return stopped;
    },
  };
}
