import { useEffect, useState } from 'react';
import { messages } from '../../../shared/messages';
import { findProduct, quoteOneTime } from '../../../shared/pricing';
import { checkoutStep1Schema } from '../../../shared/schemas/checkout';
import { cardNeedsAddress } from '../../../shared/shop';
import { track } from '../../lib/analytics';
import { useShop } from '../../lib/boot';
import { pushDataLayer } from '../../lib/consent';
import { readStorage } from '../../lib/storage';
import {
  emptyStepTwo,
  issuesToErrors,
  type FieldErrors,
  type StepOneValues,
  type StepTwoValues,
} from './checkout-form-state';
import { focusFirstError } from './focus-first-error';
import { OrderSummary } from './order-summary';
import { buildOrderRequest, checkOrderRequest } from './order-request';
import { PixView } from './pix-view';
import type { ResolvedItem } from './resolve-item';
import { StepOne } from './step-one';
import { StepTwo } from './step-two';
import { useOrderSubmit } from './use-order-submit';
import { useReveal } from './use-reveal';

export function CheckoutFlow({ resolved }: { resolved: ResolvedItem }) {
  const shop = useShop();
  const [step, setStep] = useState<1 | 2>(1);
  const [one, setOne] = useState<StepOneValues>({
    instagram: '',
    postLink: '',
    whatsapp: '',
    addOns: [],
    addOnLinks: {},
  });
  const [two, setTwo] = useState<StepTwoValues>(emptyStepTwo);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { submit: send, busyText, failure, setFailure, pix } = useOrderSubmit(setErrors);
  // The PIX screen, step 1 or step 2: whichever replaced the other comes into view with focus.
  const viewRef = useReveal(pix ? 'pix' : step);

  const { item, product } = resolved;
  const amount = item.type === 'recurring' ? 0 : item.amount;
  const quote = product ? (quoteOneTime(product, amount, one.addOns) ?? null) : null;
  const totalCents = quote?.totalCents ?? resolved.baseCents;
  const settlesOnWhatsapp = quote?.settlesOnWhatsapp ?? false;

  useEffect(() => {
    setOne((v) => ({
      ...v,
      instagram: readStorage('local', 'ig_handle') ?? '',
      postLink: readStorage('local', 'post_link') ?? '',
    }));
    setTwo((v) => ({ ...v, email: readStorage('session', 'lead_email') ?? '' }));
    track('checkout');
    pushDataLayer({
      event: 'begin_checkout',
      currency: 'BRL',
      value: resolved.baseCents / 100,
      items: [{ item_name: resolved.title }],
    });
  }, [resolved]);

  useEffect(() => {
    if (two.paymentMethod) pushDataLayer({ event: 'add_payment_info', payment_type: two.paymentMethod });
  }, [two.paymentMethod]);

  const continueToStepTwo = () => {
    const result = checkoutStep1Schema.safeParse(one);
    const next = result.success ? {} : issuesToErrors(result.error.issues);
    if (product && findProduct(product).needsPostLink && !one.postLink.trim())
      next.postLink ??= messages.post_link_required;
    setErrors(next);
    if (Object.keys(next).length > 0) return focusFirstError(next);
    setStep(2);
  };

  const back = () => {
    setStep(1);
    setTwo((v) => ({ ...v, paymentMethod: '' }));
    setErrors({});
    setFailure(null);
  };

  const submit = async () => {
    setFailure(null);
    if (!settlesOnWhatsapp && two.paymentMethod === '') {
      setErrors({ paymentMethod: messages.payment_method_required });
      return;
    }
    const body = buildOrderRequest(item, one, two, { settlesOnWhatsapp, cardCheckout: shop.cardCheckout });
    const next = checkOrderRequest(body, { cardNeedsAddress: cardNeedsAddress(shop), now: new Date() });
    setErrors(next);
    if (Object.keys(next).length > 0) return focusFirstError(next);
    await send(body);
  };

  if (pix)
    return (
      <div ref={viewRef} tabIndex={-1} className="mt-6 scroll-mt-20 outline-none">
        <PixView order={pix.order} payment={pix.payment} />
      </div>
    );

  return (
    <div className="mt-6 space-y-6">
      <OrderSummary title={resolved.title} quote={quote} totalCents={totalCents} />
      <div ref={viewRef} tabIndex={-1} className="scroll-mt-20 outline-none">
        {step === 1 ? (
          <StepOne
            product={product}
            amount={amount}
            values={one}
            errors={errors}
            onChange={setOne}
            onContinue={continueToStepTwo}
          />
        ) : (
          <StepTwo
            values={two}
            errors={errors}
            totalCents={totalCents}
            settlesOnWhatsapp={settlesOnWhatsapp}
            recurring={item.type === 'recurring'}
            busyText={busyText}
            failure={failure}
            onChange={setTwo}
            onSubmit={submit}
            onBack={back}
          />
        )}
      </div>
    </div>
  );
}
