import { doctorRequestSchema, type DoctorReport } from '../../shared/schemas/doctor';
import { validate } from '../http/validate';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import type { AdminRoute } from './admin-route';

export interface AdminDoctor {
  run(send: boolean): Promise<DoctorReport>;
  rateLimiter: RateLimiter;
}

/** Each run asks Asaas, the SMM panel and the SMTP server: a few per operator in 10 minutes. */
const runsPer10Min = 10;

/** "Verificar configuração": the `npm run doctor` checklist, run by the shop itself (docs/operations.md). */
export function doctorAdminRoutes(doctor: AdminDoctor): AdminRoute[] {
  return [
    {
      method: 'POST',
      url: '/api/admin/doctor',
      handler: async (request, reply, admin) => {
        const { send } = validate(doctorRequestSchema, request.body ?? {});
        await doctor.rateLimiter.hit(`admin-doctor:${admin.id}`, runsPer10Min, 600);
        return reply.header('cache-control', 'no-store').send(await doctor.run(send));
      },
    },
  ];
}
