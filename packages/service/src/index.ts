export { booleanText, logLevel, readEnvironment, wholeNumber } from './environment.ts';
export { loggerOptions, requestIdOf } from './logging.ts';
export {
  configOrExit,
  type Host,
  type Service,
  SHUTDOWN_GRACE_MS,
  serveUntilStopped,
} from './serve.ts';
