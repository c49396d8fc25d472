import type { MunicipalService } from '#shared/schemas/fiscal-info.ts';
import { municipalServices } from './admin-invoices-api';
import { AdminLookup } from './admin-lookup';

/**
 * The municipal service, picked from Asaas's look-up (GET /v3/fiscalInfo/services, through the server):
 * its id, its description and the city's ISS rate.
 */
export function AdminFiscalService({ onPick }: { onPick: (service: MunicipalService) => void }) {
  return (
    <AdminLookup
      id="servico-busca"
      label="Buscar serviço municipal"
      placeholder="ex.: publicidade"
      button="Buscar serviço"
      found="Serviços encontrados"
      none="Nenhum serviço encontrado."
      search={async (description) => (await municipalServices(description)).services}
      keyOf={(service) => service.id}
      nameOf={(service) => service.description}
      show={(service) => (
        <>
          {service.description}{' '}
          {service.issTax !== null && <span className="text-slate-600">(ISS {service.issTax}%)</span>}
        </>
      )}
      onPick={onPick}
    />
  );
}
