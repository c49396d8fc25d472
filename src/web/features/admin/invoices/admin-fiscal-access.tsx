import type { AuthenticationType, FiscalInfoView } from '#shared/schemas/fiscal-info.ts';
import { fieldLabel } from '#web/components/ui/styles.ts';
import { TypedInput } from '../admin-choice-fields';
import { TextInput } from '../admin-catalogue-fields';
import { accessLabels } from './admin-fiscal-city';

// The city hall's access, as the city's authenticationType asks: user and password, a token, or an A1
// certificate with its password. Left blank once sent, Asaas keeps what it has.

export interface FiscalSecrets {
  password: string;
  accessToken: string;
  certificatePassword: string;
}

const kept = (sent: boolean | undefined, word = 'enviado') =>
  sent ? ` (já ${word}; em branco, mantém)` : '';

export function AdminFiscalAccess(props: {
  /** null: Asaas did not say which access the city asks for. */
  auth: AuthenticationType | null;
  info: FiscalInfoView | null;
  username: string;
  onUsername: (username: string) => void;
  secrets: FiscalSecrets;
  onSecrets: (secrets: FiscalSecrets) => void;
  fileKey: number;
  onCertificate: (file: File | null) => void;
}) {
  const { auth, info, username, onUsername, secrets, onSecrets, fileKey, onCertificate } = props;
  return (
    <fieldset className="grid gap-3 md:grid-cols-3">
      <legend className={fieldLabel}>
        Acesso à prefeitura: {auth ? accessLabels[auth] : 'não informado pelo Asaas'}
      </legend>
      {auth === null && (
        <p className="text-sm text-slate-700">
          O Asaas não informou que acesso a prefeitura pede: confira com a prefeitura antes de enviar.
        </p>
      )}
      {auth === 'USER_AND_PASSWORD' && (
        <>
          <TextInput
            id="fiscal-usuario"
            label="Usuário da prefeitura"
            value={username}
            onChange={onUsername}
          />
          <TypedInput
            type="password"
            id="fiscal-senha"
            label={`Senha da prefeitura${kept(info?.passwordSent, 'enviada')}`}
            value={secrets.password}
            onChange={(password) => onSecrets({ ...secrets, password })}
          />
        </>
      )}
      {auth === 'TOKEN' && (
        <TypedInput
          type="password"
          id="fiscal-token"
          label={`Token da prefeitura${kept(info?.accessTokenSent)}`}
          value={secrets.accessToken}
          onChange={(accessToken) => onSecrets({ ...secrets, accessToken })}
        />
      )}
      {auth === 'CERTIFICATE' && (
        <>
          <div>
            <label htmlFor="fiscal-certificado" className={fieldLabel}>
              Certificado A1 (.pfx ou .p12){kept(info?.certificateSent)}
            </label>
            <input
              key={fileKey}
              id="fiscal-certificado"
              type="file"
              accept=".pfx,.p12"
              className="mt-1 block text-sm"
              onChange={(e) => onCertificate(e.target.files?.[0] ?? null)}
            />
          </div>
          <TypedInput
            type="password"
            id="fiscal-certificado-senha"
            label="Senha do certificado"
            value={secrets.certificatePassword}
            onChange={(certificatePassword) => onSecrets({ ...secrets, certificatePassword })}
          />
        </>
      )}
    </fieldset>
  );
}
