import { fillTemplate, type MessageParams, serverEng } from '@branch-assets/i18n/server';

export type { MessageParams } from '@branch-assets/i18n/server';

/** The messages with a code: their English is the wording in packages/i18n's server texts. */
export type MessageCode = keyof typeof serverEng.messages;

/** A message as the envelope carries it: the English `output`, its code and the values it names. */
export interface Message {
  output: string;
  code: MessageCode;
  params: MessageParams;
}

export function message(code: MessageCode, params: MessageParams = {}): Message {
  return { output: fillTemplate(serverEng.messages[code], params), code, params };
}

/** The envelope's message fields: output, and code and params when there is a code. */
export function messageFields(message: {
  output: string;
  code?: string | undefined;
  params?: MessageParams | undefined;
}): { output: string; code?: string; params?: MessageParams } {
  return message.code
    ? { output: message.output, code: message.code, params: message.params ?? {} }
    : { output: message.output };
}
