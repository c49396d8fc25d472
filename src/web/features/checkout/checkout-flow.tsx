import { useEffect, useRef, useState } from 'react';
import { messages } from '../../../shared/messages';
import { findProduct, quoteOneTime } from '../../../shared/pricing';
import { checkoutStep1Schema, createOrderSchema } from '../../../shared/schemas/checkout';
import type { CreateOrderResponse, OrderView, PaymentView } from '../../../shared/schemas/order-view';
import { isExpiryValid } from '../../../shared/validators/documents';
import { track } from '../../lib/analytics';
import { ApiError, api } from '../../lib/api';
import { pushDataLayer } from '../../lib/consent';
import { useShop } from '../../lib/boot';
import { cardNeedsAddress } from '../../../shared/shop';
import { readStorage } from '../../lib/storage';
import { rememberContact } from '../orders/checkout-contact';
import { useNavigate } from '../../router/router';
import {
  emptyStepTwo,
  issuesToErrors,
  type FieldErrors,
  type StepOneValues,
  type StepTwoValues,
} from './checkout-form-state';
import { OrderSummary } from './order-summary';
import { PixView } from './pix-view';
import { useReveal } from './use-reveal';
import type { ResolvedItem } from './resolve-item';
import { StepOne } from './step-one';
import { StepTwo } from './step-two';

function focusFirstError(errors: FieldErrors) {
  const first = Object.keys(errors)[0];
  if (!first) return;
  const id =
    {
      'card.number': 'cardNumber',
      'card.expiry': 'cardExpiry',
      'card.cvv': 'cardCvv',
      'card.holderName': 'cardName',
    }[first] ?? first.replace(/^address\./, '');
  window.setTimeout(() => document.getElementById(id)?.focus(), 0);
}

export function CheckoutFlow({ resolved }: { resolved: ResolvedItem }) {
  const navigate = useNavigate();
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
  const [busyText, setBusyText] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pix, setPix] = useState<{ order: OrderView; payment: PaymentView } | null>(null);
  // The PIX screen, step 1 or step 2: whichever replaced the other comes into view with focus.
  const viewRef = useReveal(pix ? 'pix' : step);
  // One key per purchase attempt: a double click or a retry after a timeout creates one order (DECISIONS 13).
  const idempotencyKey = useRef(crypto.randomUUID());
  const orderId = useRef<string | null>(null);

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

  const requestBody = () => {
    const hasAddress = [two.cep, two.street, two.number, two.neighborhood, two.city, two.state].some((v) =>
      v.trim(),
    );
    return {
      item,
      ...one,
      name: two.name,
      email: two.email,
      cpf: two.cpf,
      ...(hasAddress
        ? {
            address: {
              cep: two.cep,
              street: two.street,
              number: two.number,
              neighborhood: two.neighborhood,
              city: two.city,
              state: two.state,
            },
          }
        : {}),
      paymentMethod: settlesOnWhatsapp ? 'pix' : two.paymentMethod,
      installments: two.paymentMethod === 'credit_card' ? Number(two.installments) : 1,
      ...(two.paymentMethod === 'credit_card' && !settlesOnWhatsapp && shop.cardCheckout === 'transparent'
        ? {
            card: {
              number: two.cardNumber,
              expiry: two.cardExpiry,
              cvv: two.cardCvv,
              holderName: two.cardName,
            },
          }
        : {}),
    };
  };

  const submit = async () => {
    setFailure(null);
    if (!settlesOnWhatsapp && two.paymentMethod === '') {
      setErrors({ paymentMethod: messages.payment_method_required });
      return;
    }
    const body = requestBody();
    const result = createOrderSchema.safeParse(body);
    const next = result.success ? {} : issuesToErrors(result.error.issues);
    if (
      body.card &&
      body.card.expiry &&
      !next['card.expiry'] &&
      !isExpiryValid(body.card.expiry, new Date())
    ) {
      next['card.expiry'] = messages.card_expiry_invalid;
    }
    if (body.card && cardNeedsAddress(shop) && !('address' in body))
      next['address.cep'] ??= messages.address_required;
    setErrors(next);
    if (Object.keys(next).length > 0) return focusFirstError(next);

    setBusyText(messages.saving_order);
    const switchText = window.setTimeout(() => setBusyText(messages.processing_payment), 800);
    try {
      const response = orderId.current
        ? await api.post<CreateOrderResponse>(`/api/orders/${orderId.current}/payments`, {
            paymentMethod: body.paymentMethod,
            installments: body.installments,
            card: body.card,
          })
        : await api.post<CreateOrderResponse>('/api/orders', body, {
            headers: { 'idempotency-key': idempotencyKey.current },
          });
      if (!orderId.current) track('pedido_finalizado');
      orderId.current = response.order.id;
      if (response.next === 'pix' && response.payment) {
        setPix({ order: response.order, payment: response.payment });
      } else if (response.next === 'success') {
        navigate(`/success?order_id=${response.order.id}`);
      } else if (response.next === 'thanks') {
        navigate(`/obrigado?pedido_id=${response.order.id}`);
      } else if (response.next === 'whatsapp') {
        rememberContact({
          orderId: response.order.id,
          name: body.name,
          email: body.email,
          whatsapp: body.whatsapp,
        });
        navigate(`/whatsapp-payment?pedido_id=${response.order.id}`);
      } else if (response.next === 'redirect' && response.payment?.checkoutUrl) {
        const url = response.payment.checkoutUrl;
        window.setTimeout(() => window.location.assign(url), 500);
      } else {
        setFailure(messages.checkout_failed);
      }
    } catch (error) {
      if (error instanceof ApiError) {
        if (typeof error.body.orderId === 'string') orderId.current = error.body.orderId;
        else if (error.status >= 400 && error.status < 500) idempotencyKey.current = crypto.randomUUID();
        if (error.status === 400 && error.field) {
          const fieldErrors = { [error.field]: error.message };
          setErrors(fieldErrors);
          focusFirstError(fieldErrors);
        } else {
          setFailure(error.message || messages.checkout_failed);
        }
      } else {
        setFailure(messages.checkout_failed);
      }
    } finally {
      window.clearTimeout(switchText);
      setBusyText(null);
    }
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
