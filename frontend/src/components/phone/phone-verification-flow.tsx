import { phoneSendCodeRequestSchema, phoneVerifyCodeRequestSchema } from '@curbside/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { firstErrorMessage } from '../../lib/form-errors';
import { Button } from '../ui/button';
import { Field, inputClass } from '../ui/field';
import { CodeField, PhoneNumberField } from './phone-fields';

export type PhoneFlowStage = 'details' | 'code';

/** What the first step collects: the phone, and the full name where the flow verifies an account. */
export interface PhoneDetails {
  name: string;
  /** As typed and shown, "(555) 123-4567": the server normalises it. */
  phone: string;
}

const REQUIRED_MESSAGE = 'Full name and phone number are required';

/** The contract's own checks of POST /api/phone/send-code; an empty phone beside the name reads as "required". */
const detailsWithNameSchema = phoneSendCodeRequestSchema.extend({
  phone: z.string().trim().min(1, REQUIRED_MESSAGE).pipe(phoneSendCodeRequestSchema.shape.phone),
});
const phoneOnlySchema = phoneSendCodeRequestSchema.pick({ phone: true }).extend({ name: z.string() });
const codeSchema = phoneVerifyCodeRequestSchema.pick({ code: true });
type CodeValues = z.input<typeof codeSchema>;

interface Labels {
  send: string;
  sending: string;
  verify: string;
  verifying: string;
}

interface Props {
  /** Prefix of the fields' ids ("login" → login-phone, login-code). */
  id: string;
  labels: Labels;
  /** The full name is asked beside the phone (verifying an account); a sign-in asks the phone only. */
  withName?: boolean;
  defaultName?: string;
  /**
   * Texts the code; true moves on to the code step. Failures are the caller's to tell (it knows its words): false,
   * or a text to show under the form (with `inlineErrors`).
   */
  sendCode: (details: PhoneDetails) => Promise<boolean | string>;
  /** Checks the code; a returned text shows under the form (with `inlineErrors`), the caller tells the rest. */
  checkCode: (code: string, details: PhoneDetails) => Promise<string | void>;
  /** A "Resend Code" button on the code step. */
  resendCode?: (details: PhoneDetails) => Promise<unknown>;
  /** A "Change Number" button on the code step, back to the details. */
  changeNumber?: boolean;
  /**
   * How a refused form is told: under the form (a line, announced), or by the caller (a toast with its own title).
   * Either way the focus goes to the first field the form refused.
   */
  inlineErrors?: boolean;
  onInvalid?: (stage: PhoneFlowStage, message: string) => void;
  onStageChange?: (stage: PhoneFlowStage) => void;
  /** Only where typing is the one thing the screen is for (a sign-in dialog). */
  focusOnOpen?: boolean;
  sendIcon?: ReactNode;
  detailsIntro?: ReactNode;
  /** Under the fields, above the button (what verification brings). */
  detailsNote?: ReactNode;
  /** Beside the send button (a step's Back). */
  detailsBack?: (busy: boolean) => ReactNode;
  codeIntro?: (phone: string) => ReactNode;
  /** Under the code step's buttons (Skip for now). */
  codeFooter?: (busy: boolean) => ReactNode;
}

/**
 * The one phone flow of the app: details (phone, and the full name when an account is verified) → the texted
 * 6-digit code. Sign-in, onboarding and account verification differ only in their calls, words and extra buttons.
 * Both steps are react-hook-form forms checked by the contracts' schemas of the calls they lead to.
 */
export function PhoneVerificationFlow(props: Props) {
  const { id, labels, withName = false, sendCode, checkCode, resendCode, changeNumber, inlineErrors, onInvalid, focusOnOpen } = props;
  const [stage, setStage] = useState<PhoneFlowStage>('details');
  const details = useForm<PhoneDetails>({
    defaultValues: { name: props.defaultName ?? '', phone: '' },
    resolver: zodResolver(withName ? detailsWithNameSchema : phoneOnlySchema, undefined, { raw: true }),
  });
  const code = useForm<CodeValues>({ defaultValues: { code: '' }, resolver: zodResolver(codeSchema, undefined, { raw: true }) });
  const resend = useMutation({ mutationFn: () => resendCode?.(details.getValues()) ?? Promise.resolve() });
  const busy = details.formState.isSubmitting || code.formState.isSubmitting || resend.isPending;
  const codeHintId = useId();

  const goTo = (next: PhoneFlowStage) => {
    setStage(next);
    props.onStageChange?.(next);
  };

  const submitDetails = details.handleSubmit(
    async (values) => {
      const sent = await sendCode(values);
      if (typeof sent === 'string') details.setError('root.server', { message: sent });
      if (sent !== true) return;
      code.reset({ code: '' });
      goTo('code');
    },
    (errors) => onInvalid?.('details', firstErrorMessage(errors, ['name', 'phone']) ?? ''),
  );

  const submitCode = code.handleSubmit(
    async ({ code: typed }) => {
      const failure = await checkCode(typed, details.getValues());
      if (failure) code.setError('root.server', { message: failure });
    },
    (errors) => onInvalid?.('code', firstErrorMessage(errors, ['code']) ?? ''),
  );

  const detailsError = inlineErrors && (firstErrorMessage(details.formState.errors, ['name', 'phone']) || details.formState.errors.root?.server?.message);
  const codeError = inlineErrors && (firstErrorMessage(code.formState.errors, ['code']) || code.formState.errors.root?.server?.message);
  const alert = (message: string | false | undefined) =>
    message ? (
      <p role="alert" className="text-sm text-red-700">
        {message}
      </p>
    ) : null;

  if (stage === 'details') {
    const send = (
      <Button type="submit" disabled={busy} className={props.detailsBack ? 'flex-1' : 'w-full'}>
        {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : props.sendIcon}
        {busy ? labels.sending : labels.send}
      </Button>
    );
    return (
      <form onSubmit={(e) => void submitDetails(e)} className="space-y-3 pb-1" noValidate>
        {props.detailsIntro}
        {withName && (
          <Field id={`${id}-name`} label="Full name">
            <input
              id={`${id}-name`}
              className={inputClass}
              autoComplete="name"
              maxLength={100}
              aria-invalid={!!details.formState.errors.name || undefined}
              {...details.register('name')}
            />
          </Field>
        )}
        <Controller
          control={details.control}
          name="phone"
          render={({ field, fieldState }) => (
            <PhoneNumberField
              id={`${id}-phone`}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              invalid={fieldState.invalid}
              focusOnOpen={focusOnOpen}
            />
          )}
        />
        {props.detailsNote}
        {alert(detailsError)}
        {props.detailsBack ? (
          <div className="flex gap-2 pt-3">
            {props.detailsBack(busy)}
            {send}
          </div>
        ) : (
          send
        )}
      </form>
    );
  }

  const phone = details.getValues('phone');
  const intro = props.codeIntro?.(phone);
  return (
    <form onSubmit={(e) => void submitCode(e)} className="space-y-3 pb-1" noValidate>
      {intro && <p id={codeHintId}>{intro}</p>}
      <Controller
        control={code.control}
        name="code"
        render={({ field, fieldState }) => (
          <CodeField
            id={`${id}-code`}
            describedBy={intro ? codeHintId : undefined}
            value={field.value}
            onChange={(value) => (field.onChange(value), code.clearErrors('root'))}
            onBlur={field.onBlur}
            inputRef={field.ref}
            invalid={fieldState.invalid}
            focusOnOpen={focusOnOpen}
          />
        )}
      />
      {alert(codeError)}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy && <Loader2 className="size-4 animate-spin" aria-hidden />}
        {busy ? labels.verifying : labels.verify}
      </Button>
      {(changeNumber || resendCode) && (
        <div className="flex gap-2">
          {changeNumber && (
            <Button variant="secondary" className="flex-1" disabled={busy} onClick={() => (code.clearErrors(), goTo('details'))}>
              Change Number
            </Button>
          )}
          {resendCode && (
            <Button variant="ghost" className="flex-1" disabled={busy} onClick={() => resend.mutate()}>
              Resend Code
            </Button>
          )}
        </div>
      )}
      {props.codeFooter?.(busy)}
    </form>
  );
}
