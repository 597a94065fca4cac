import type { HubApi, LogLevel } from '../hub/hub-api.ts';

/** The hub's bounds of a log message. */
const MIN_MESSAGE = 3;
const MAX_MESSAGE = 2048;
/** Lines of one run sent at most; a chatty analysis must not flood the hub. */
const MAX_LINES = 5000;

/**
 * Sends the log lines of one run to the hub as analysis-node logs, one after the other so that they
 * keep their order (each carries its own nanosecond time, increasing). A line the hub refuses is
 * dropped rather than stopping the run; the run's status is what counts.
 */
export class LogReporter {
  private chain: Promise<void> = Promise.resolve();
  private sent = 0;
  private sequence = 0n;
  private readonly startNs = BigInt(Date.now()) * 1_000_000n;
  private readonly startHr = process.hrtime.bigint();

  constructor(
    private readonly hub: HubApi,
    private readonly ids: { analysis_id: string; node_id: string },
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  line(level: LogLevel, message: string, labels: Record<string, string> = {}): void {
    const text = message.replace(/\s+$/, '');
    if (!text) return;
    if (this.sent === MAX_LINES) {
      this.sent += 1;
      this.enqueue('warn', `More than ${MAX_LINES} lines; the rest of this run's output is not sent.`, {});
      return;
    }
    if (this.sent > MAX_LINES) return;
    this.sent += 1;
    this.enqueue(level, text.padEnd(MIN_MESSAGE, ' ').slice(0, MAX_MESSAGE), labels);
  }

  private enqueue(level: LogLevel, message: string, labels: Record<string, string>): void {
    const time = this.startNs + (process.hrtime.bigint() - this.startHr) + this.sequence++;
    this.chain = this.chain.then(() =>
      this.hub
        .writeLog({ ...this.ids, level, message, time: time.toString(), labels })
        .then(() => undefined, this.onError),
    );
  }

  /** Resolves once every line so far reached the hub (or was refused). */
  flush(): Promise<void> {
    return this.chain;
  }
}
