import { useState } from 'react';
import type { MunicipalService } from '#shared/schemas/fiscal-info.ts';
import { buttonSecondary, fieldInput, fieldLabel } from '../../components/ui/styles';
import { ApiError } from '../../lib/api';
import { municipalServices } from './admin-invoices-api';

/**
 * The municipal service, picked from Asaas's look-up (GET /v3/fiscalInfo/services, through the server):
 * its id, its description and the city's ISS rate.
 */
export function AdminFiscalService({ onPick }: { onPick: (service: MunicipalService) => void }) {
  const [description, setDescription] = useState('');
  const [found, setFound] = useState<MunicipalService[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const search = async () => {
    setSearching(true);
    setFailure(null);
    try {
      setFound((await municipalServices(description)).services);
    } catch (error) {
      setFound(null);
      setFailure(error instanceof ApiError ? error.message : 'Não foi possível buscar agora.');
    } finally {
      setSearching(false);
    }
  };
  return (
    <div className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-end gap-2">
        <div className="grow">
          <label htmlFor="servico-busca" className={fieldLabel}>
            Buscar serviço municipal
          </label>
          <input
            id="servico-busca"
            className={fieldInput}
            value={description}
            placeholder="ex.: publicidade"
            onChange={(e) => setDescription(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void search();
              }
            }}
          />
        </div>
        <button type="button" className={buttonSecondary} onClick={() => void search()} disabled={searching}>
          {searching ? 'Buscando…' : 'Buscar serviço'}
        </button>
      </div>
      <div aria-live="polite">
        {failure && (
          <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
            {failure}
          </p>
        )}
        {found?.length === 0 && <p className="mt-2 text-sm text-slate-700">Nenhum serviço encontrado.</p>}
        {found && found.length > 0 && (
          <ul className="mt-2 space-y-1" aria-label="Serviços encontrados">
            {found.map((service) => (
              <li key={service.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span>
                  {service.description}{' '}
                  {service.issTax !== null && <span className="text-slate-600">(ISS {service.issTax}%)</span>}
                </span>
                <button
                  type="button"
                  className="font-semibold text-fuchsia-800 underline"
                  onClick={() => {
                    onPick(service);
                    setFound(null);
                  }}
                >
                  Escolher <span className="sr-only">{service.description}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
