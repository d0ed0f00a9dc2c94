import { useState } from 'react';
import { Notice } from '../../components/ui';

/** A secret the API shows once: shown with a copy button and a warning that it will not return. */
export function Secret({ label, value }: { label: string; value: string | null | undefined }) {
  const [copied, setCopied] = useState<'yes' | 'no'>();
  if (!value) return null;
  return (
    <Notice tone="warning">
      <p>{label}: copy it now. It will not be shown again.</p>
      <p className="secret">
        <code>{value}</code>
        <button
          type="button"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(value);
              setCopied('yes');
            } catch {
              setCopied('no');
            }
          }}
        >
          {copied === 'yes' ? 'Copied' : 'Copy'}
        </button>
        {copied === 'no' ? <span role="status">Copying was refused: select the text.</span> : null}
      </p>
    </Notice>
  );
}
