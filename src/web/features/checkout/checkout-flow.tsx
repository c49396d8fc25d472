import { useEffect, useState } from 'react';
import { useZodForm } from '../../lib/use-zod-form';
import { messages } from '#shared/messages.ts';
import { productKind, quoteOneTime } from '#shared/pricing.ts';
import { checkoutStep1Schema, createOrderSchema } from '#shared/schemas/checkout.ts';
import { addOnTargets } from '#shared/add-on-targets.ts';
import { cardNeedsAddress } from '#shared/shop.ts';
import { track } from '../../lib/analytics';
import { useCatalogue, useShop } from '../../lib/boot';
import { pushDataLayer } from '../../lib/consent';
import { readStorage } from '../../lib/storage';
import {
  emptyStepOne,
  emptyStepTwo,
  stepOneRequest,
  type StepOneValues,
  type StepTwoValues,
} from './checkout-form-state';
import type { FieldErrors } from '../../lib/field-errors';
import { checkoutFieldIds } from './focus-first-error';
import { OrderSummary } from './order-summary';
import { buildOrderRequest, cardChecks } from './order-request';
import { PixView } from '../payment-form';
import { orderPath } from '../orders';
import type { ResolvedItem } from './resolve-item';
import { StepOne } from './step-one';
import { StepTwo } from './step-two';
import { useOrderSubmit } from './use-order-submit';
import { useReveal } from './use-reveal';
import { useDiscounts } from './use-discounts';
import { CouponField } from './coupon-field';

export function CheckoutFlow({ resolved }: { resolved: ResolvedItem }) {
  const shop = useShop();
  const catalogue = useCatalogue();
  const [step, setStep] = useState<1 | 2>(1);
  // Each step checked as the server checks it, again at every change once it was sent (issue 45 §2).
  const stepOne = useZodForm(checkoutStep1Schema, emptyStepOne, checkoutFieldIds, {
    input: stepOneRequest,
    extra: (values) => stepOneProblems(values),
  });
  const stepTwo = useZodForm(createOrderSchema, emptyStepTwo, checkoutFieldIds, {
    input: (values) => orderBody(values),
    extra: (values) =>
      cardChecks(orderBody(values), { cardNeedsAddress: cardNeedsAddress(shop), now: new Date() }),
  });
  const { values: one, setValues: setOne } = stepOne;
  const { values: two, setValues: setTwo } = stepTwo;
  const errors = step === 1 ? stepOne.errors : stepTwo.errors;
  const { submit: send, busyText, failure, setFailure, pix } = useOrderSubmit(stepTwo.setErrors);
  // The PIX screen, step 1 or step 2: whichever replaced the other comes into view with focus.
  const viewRef = useReveal(pix ? 'pix' : step);

  const { item, product } = resolved;
  const amount = item.type === 'recurring' ? 0 : item.amount;
  const quote = product ? (quoteOneTime(catalogue, product, amount, one.addOns) ?? null) : null;
  const discounts = useDiscounts(item, one.addOns);
  const price = discounts.priceFor(quote?.totalCents ?? resolved.baseCents, two.paymentMethod);
  const { totalCents, settlesOnWhatsapp } = price;

  // What the buyer typed before the scripts ran (kept by TextField just before this runs) wins over what
  // an earlier visit left in storage.
  useEffect(() => {
    setOne((v) => ({
      ...v,
      instagram: v.instagram || (readStorage('local', 'ig_handle') ?? ''),
      postLink: v.postLink || (readStorage('local', 'post_link') ?? ''),
    }));
    setTwo((v) => ({ ...v, email: v.email || (readStorage('session', 'lead_email') ?? '') }));
    track('checkout');
    pushDataLayer({
      event: 'begin_checkout',
      currency: 'BRL',
      value: resolved.baseCents / 100,
      items: [{ item_name: resolved.title }],
    });
  }, [resolved, setOne, setTwo]);

  useEffect(() => {
    if (two.paymentMethod) pushDataLayer({ event: 'add_payment_info', payment_type: two.paymentMethod });
  }, [two.paymentMethod]);

  /**
   * What the schema cannot know of step 1: likes and views need the post link, and so do their add-ons
   * unless the order's own post is theirs (issue 45 §4).
   */
  function stepOneProblems(values: StepOneValues): FieldErrors {
    const needsLink = product !== null && productKind(product).needsPostLink && !values.postLink.trim();
    const problems: FieldErrors = needsLink ? { postLink: messages.post_link_required } : {};
    const { missing } = addOnTargets({ ...values, postLink: needsLink ? '' : values.postLink });
    for (const addOn of missing) problems[`addOnLinks.${addOn}`] = messages.add_on_link_required;
    return problems;
  }

  function orderBody(values: StepTwoValues) {
    return buildOrderRequest(item, one, values, {
      settlesOnWhatsapp,
      cardCheckout: shop.cardCheckout,
      couponCode: discounts.coupon?.code ?? null,
    });
  }

  const continueToStepTwo = () => {
    if (stepOne.check()) setStep(2);
  };

  const back = () => {
    setStep(1);
    // The add-ons may change: a coupon is priced again when applied again.
    discounts.remove();
    setTwo((v) => ({ ...v, paymentMethod: '' }));
    stepOne.clear();
    stepTwo.clear();
    setFailure(null);
  };

  const submit = async () => {
    setFailure(null);
    if (!stepTwo.check()) return;
    await send(orderBody(two));
  };

  if (pix)
    return (
      <div
        ref={viewRef}
        tabIndex={-1}
        className="mt-6 scroll-mt-[calc(5rem+var(--test-banner,0px))] outline-none"
      >
        <PixView order={pix.order} payment={pix.payment} orderLink={orderPath(pix.order.id)} />
      </div>
    );

  return (
    <div className="mt-6 space-y-6">
      <OrderSummary
        title={resolved.title}
        quote={quote}
        baseCents={resolved.baseCents}
        discounts={{ couponCode: discounts.coupon?.code ?? null, ...price }}
        totalCents={totalCents}
      />
      <div ref={viewRef} tabIndex={-1} className="scroll-mt-[calc(5rem+var(--test-banner,0px))] outline-none">
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
            pixPercent={discounts.pixPercent}
            couponSlot={
              <CouponField
                coupon={discounts.coupon}
                error={discounts.couponError}
                applying={discounts.applying}
                onApply={(code) => void discounts.apply(code, two.email)}
                onRemove={discounts.remove}
              />
            }
          />
        )}
      </div>
    </div>
  );
}
