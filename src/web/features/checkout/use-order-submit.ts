import { useRef, useState } from 'react';
import { messages } from '#shared/messages.ts';
import type { CreateOrderResponse, OrderView, PaymentView } from '#shared/schemas/order-view.ts';
import { track } from '../../lib/analytics';
import { ApiError } from '../../lib/api';
import { useNavigate } from '../../router/router';
import { keepOrderToken, orderToken, rememberContact } from '../orders';
import { afterPaying } from '../payment-form';
import type { FieldErrors } from '../../lib/field-errors';
import { createOrder, payOrderAgain } from './checkout-api';
import { forgetUnpaidOrder, keepUnpaidOrder, unpaidOrderOf } from './unpaid-order';
import { focusFirstError } from './focus-first-error';
import type { OrderRequestBody } from './order-request';

/**
 * Sends a checked order and goes where the server says: the PIX screen, /success, /obrigado, WhatsApp or
 * the provider's page. The first send creates the order (one idempotency key per attempt:
 * docs/product.md#orders); once it exists, a new try pays that order again instead of creating another.
 */
export function useOrderSubmit(setErrors: (errors: FieldErrors) => void) {
  const navigate = useNavigate();
  const [busyText, setBusyText] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pix, setPix] = useState<{ order: OrderView; payment: PaymentView } | null>(null);
  const idempotencyKey = useRef(crypto.randomUUID());
  const orderId = useRef<string | null>(null);

  function follow(response: CreateOrderResponse, body: OrderRequestBody) {
    const next = afterPaying(response);
    if (next.kind === 'pix' && response.payment) setPix({ order: response.order, payment: response.payment });
    else if (next.kind === 'page') navigate(next.path);
    else if (next.kind === 'whatsapp') {
      const { name, email, whatsapp } = body;
      rememberContact({ orderId: response.order.id, name, email, whatsapp });
      navigate(next.path);
    } else if (next.kind === 'provider') window.setTimeout(() => window.location.assign(next.url), 500);
    else setFailure(messages.checkout_failed);
  }

  function fail(error: unknown, body: OrderRequestBody) {
    if (!(error instanceof ApiError)) return setFailure(messages.checkout_failed);
    // The kept order was paid or closed meanwhile: the next try makes a new one.
    if (error.status === 409 && orderId.current === unpaidOrderOf(body)) {
      forgetUnpaidOrder(body);
      orderId.current = null;
    }
    if (typeof error.body.orderId === 'string') {
      orderId.current = error.body.orderId;
      keepUnpaidOrder(body, error.body.orderId);
      if (typeof error.body.orderToken === 'string') keepOrderToken(orderId.current, error.body.orderToken);
    } else if (error.status >= 400 && error.status < 500) idempotencyKey.current = crypto.randomUUID();
    if (error.status === 400 && error.field) {
      const fieldErrors = { [error.field]: error.message };
      setErrors(fieldErrors);
      focusFirstError(fieldErrors);
    } else setFailure(error.message || messages.checkout_failed);
  }

  async function submit(body: OrderRequestBody) {
    setBusyText(messages.saving_order);
    const switchText = window.setTimeout(() => setBusyText(messages.processing_payment), 800);
    // The same checkout in a new page (a reload after a declined card) pays the order it made already
    // (issue 45 §6): one order, one "Pedido recebido".
    orderId.current ??= unpaidOrderOf(body);
    try {
      const response = orderId.current
        ? await payOrderAgain(
            orderId.current,
            { paymentMethod: body.paymentMethod, installments: body.installments, card: body.card },
            orderToken(orderId.current) ?? '',
          )
        : await createOrder(body, idempotencyKey.current);
      if (!orderId.current) track('pedido_finalizado');
      orderId.current = response.order.id;
      keepOrderToken(response.order.id, response.orderToken);
      if (response.order.paymentStatus === 'paid' || response.next === 'whatsapp') forgetUnpaidOrder(body);
      else keepUnpaidOrder(body, response.order.id);
      follow(response, body);
    } catch (error) {
      fail(error, body);
    } finally {
      window.clearTimeout(switchText);
      setBusyText(null);
    }
  }

  return { submit, busyText, failure, setFailure, pix };
}
