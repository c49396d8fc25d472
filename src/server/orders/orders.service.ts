import { messages } from '../../shared/messages';
import { newPurchaseCode } from '../../shared/orders';
import type { CreateOrderInput } from '../../shared/schemas/checkout';
import type { AdminChargeInput } from '../../shared/schemas/admin';
import type { CreateOrderResponse } from '../../shared/schemas/order-view';
import { isUniqueViolation } from '../db/unique-violation';
import { AppError } from '../errors';
import { checkPaymentChoice, priceOrder, requestHash } from './order-pricing';
import { couponUseInOrderStatement, discountNewOrder } from './order-discounts';
import { quoteCoupon } from './coupon-quote';
import { payOrder } from './pay-order';
import type { OrdersServiceDeps } from './orders-deps';
import { cardCrossesUs, choicePolicy, withInstalments } from './payment-policy';
import { toOrderView, toPaymentView } from './order-view';
import { orderResponse, replayOrder } from './order-replay';
import { orderReads } from './order-reads';
import { chargeWhatsappOrder } from './whatsapp-charge';
import { ordersRepo } from './orders.repo';
import type { PaymentChoice } from '../payments/payment-attempt';
import { newAttemptId } from '../payments/attempt-ids';
import { attemptPayment } from './attempt-payment';
import { insertOrderWithAttempt } from './raw-statements.repo';
import { countOrder } from '../metrics/order-counts';
import type { NewOrder } from '../db/schema';

/** Why a coupon was refused, on the order route: not said (unknown, expired and used up alike). */
function refuseCouponAlike(error: unknown): never {
  if (error instanceof AppError && error.details?.field === 'couponCode')
    throw new AppError('invalid_input', 'coupon_not_accepted', messages.coupon_not_accepted, {
      field: 'couponCode',
    });
  throw error;
}

export function createOrdersService(deps: OrdersServiceDeps) {
  const { db, clock, limits } = deps;
  /** The new order, or undefined when its idempotency key was used already. */
  async function insertWithCode<T>(
    values: Omit<NewOrder, 'purchaseCode'>,
    insert: (order: NewOrder) => Promise<T>,
  ): Promise<T> {
    for (let tries = 0; ; tries++) {
      try {
        return await insert({ ...values, purchaseCode: newPurchaseCode() });
      } catch (error) {
        if (tries < 5 && isUniqueViolation(error, 'orders_purchase_code_idx')) continue;
        throw error;
      }
    }
  }

  return {
    async create(
      input: CreateOrderInput,
      context: { idempotencyKey: string; remoteIp: string; userId?: string | null },
    ): Promise<CreateOrderResponse> {
      const { settlesOnWhatsapp: _beforeCoupon, ...priced } = priceOrder(
        deps.catalogue.current(),
        input,
        deps.unavailablePackages,
      );
      const hash = requestHash(input);
      const choice = withInstalments(input, priced.service === 'recurring');
      const replayExisting = async () => {
        const existing = (await ordersRepo.findByIdempotencyKey(db, context.idempotencyKey))!;
        return replayOrder(deps, existing, hash, choice, context.remoteIp);
      };
      /** A limit refused this request: a retry of an order already taken still gets its order. */
      const unlessReplay = async (error: unknown) => {
        if (await ordersRepo.findByIdempotencyKey(db, context.idempotencyKey)) return replayExisting();
        throw error;
      };
      // A coupon code is a guess until it is found: counted with the coupon quotes before it is looked
      // up, and every refusal answered alike, so this route tells no more than /api/coupons/quote.
      if (input.couponCode) {
        try {
          await limits.couponCheck(context.remoteIp);
        } catch (error) {
          return unlessReplay(error);
        }
      }
      const discounts = await discountNewOrder(deps.coupons, input, priced).catch(refuseCouponAlike);
      const { settlesOnWhatsapp } = discounts;
      if (!settlesOnWhatsapp)
        checkPaymentChoice(choice, {
          ...choicePolicy(deps),
          hasAddress: Boolean(input.address),
          hasCpf: Boolean(input.cpf),
          recurring: priced.service === 'recurring',
        });
      const now = clock();
      // Stored before any payment call: a provider failure loses nothing (the order stays pendente). The
      // unique idempotency key decides, in the same statement, whether this is a new order or a replay;
      // an order to be paid now gets its payment attempt recorded in that statement too.
      const values: Omit<NewOrder, 'purchaseCode'> = {
        ...priced,
        ...discounts.fields,
        instagram: input.instagram,
        name: input.name,
        email: input.email,
        whatsapp: input.whatsapp,
        whatsappConsentAt: input.whatsappUpdates ? now : null,
        // '' for an order settled on WhatsApp: the operator gives it with the charge.
        cpf: input.cpf ?? '',
        companyCnpj: input.company?.cnpj ?? null,
        companyName: input.company?.name ?? null,
        address: input.address ?? null,
        status: settlesOnWhatsapp ? 'aguardando_contato_whatsapp' : 'pendente',
        paymentStatus: 'unpaid',
        paymentMethod: settlesOnWhatsapp ? 'whatsapp' : input.paymentMethod,
        installments: settlesOnWhatsapp ? 1 : choice.installments,
        idempotencyKey: context.idempotencyKey,
        requestHash: hash,
        userId: context.userId ?? null,
        createdAt: now,
        updatedAt: now,
      };
      let gate: { release(): Promise<void> };
      try {
        gate = await limits.newOrder(context.remoteIp, input.email);
        if (!settlesOnWhatsapp && cardCrossesUs(deps, choice)) await limits.cardAttempt(context.remoteIp);
      } catch (error) {
        return unlessReplay(error);
      }
      /** The key was taken already: the e-mail's count goes back, and the first order answers. */
      const answerReplay = async () => {
        await gate.release();
        return replayExisting();
      };
      // A coupon's use is keyed by the Idempotency-Key (a replay keeps its use): exact under
      // concurrency, docs/coupons.md. With limits it is taken before the order is stored, once the key
      // is known to be new or this very request's: a key reused with another body burns no use.
      const useInOrder = couponUseInOrderStatement(discounts.coupon, settlesOnWhatsapp);
      if (discounts.coupon && !useInOrder) {
        if (await ordersRepo.findByIdempotencyKey(db, context.idempotencyKey)) return answerReplay();
        await deps.coupons
          .redeem(discounts.coupon, {
            idempotencyKey: context.idempotencyKey,
            email: input.email,
            discountCents: discounts.fields.couponDiscountCents,
          })
          .catch(refuseCouponAlike);
      }
      if (settlesOnWhatsapp) {
        const order = await insertWithCode(values, (o) => ordersRepo.insertUnlessKeyExists(db, o));
        if (!order) return answerReplay();
        countOrder(db, 'created', order.paymentMethod);
        return { order: toOrderView(order), payment: null, next: 'whatsapp', proved: true };
      }
      const created = await insertWithCode(values, (o) =>
        insertOrderWithAttempt(
          db,
          o,
          {
            provider: deps.provider.name,
            providerPaymentId: newAttemptId(),
            method: input.paymentMethod,
          },
          useInOrder,
        ),
      );
      if (!created) return answerReplay();
      const { order } = created;
      countOrder(db, 'created', order.paymentMethod);
      const attempt = await attemptPayment(deps, order, choice, context.remoteIp, created.attempt);
      // A PIX attempt leaves the stored order as inserted; a card may have paid it, so read it again.
      if (attempt.next === 'pix')
        return {
          order: toOrderView(order),
          payment: toPaymentView(attempt.payment),
          next: 'pix',
          proved: true,
        };
      return orderResponse(db, order.id, attempt.payment, attempt.next);
    },

    async pay(orderId: string, choice: PaymentChoice, remoteIp: string): Promise<CreateOrderResponse> {
      const attempt = await payOrder(deps, orderId, choice, remoteIp);
      return orderResponse(db, orderId, attempt.payment, attempt.next);
    },

    chargeWhatsapp: (orderId: string, charge: AdminChargeInput, remoteIp: string) =>
      chargeWhatsappOrder(deps, orderId, charge, remoteIp).then((a) =>
        orderResponse(db, orderId, a.payment, a.next),
      ),

    quoteCoupon: async (request: Parameters<typeof quoteCoupon>[1], remoteIp: string) => {
      await limits.couponCheck(remoteIp);
      return quoteCoupon(deps, request);
    },

    ...orderReads(db, clock),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
