/** Text messages to phones (sign-in and verification codes). */
export interface SmsSender {
  send(toE164: string, body: string): Promise<void>;
}
