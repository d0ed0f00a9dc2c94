import type { Schema } from '../../api/client';
import { TableRegion } from '../../components/paged';

/**
 * An import job. The document declares `error` as `allOf: [ImportProblem, {type: [object,
 * null]}]`, which generates a type no problem matches; it means a problem or null.
 */
export type Import = Omit<Schema<'Import'>, 'error'> & { error: Schema<'ImportProblem'> | null };

/** What an import did or would do: the counts, a progress bar while it runs, each problem. */
export function Report({ job }: { job: Import }) {
  const running = job.status === 'queued' || job.status === 'running';
  const verb = job.dry_run ? 'would be' : '';
  return (
    <div>
      {running ? (
        <p>
          <label htmlFor={`progress-${job.id}`}>
            {job.dry_run ? 'Checking' : 'Importing'}: {job.processed_products} of{' '}
            {job.total_products ?? '…'} products
          </label>
          <br />
          <progress
            id={`progress-${job.id}`}
            className="progress"
            max={job.total_products ?? undefined}
            value={job.total_products ? job.processed_products : undefined}
          />
        </p>
      ) : null}
      <dl className="counts">
        <div>
          <dt>Created {verb}</dt>
          <dd>{job.created}</dd>
        </div>
        <div>
          <dt>Updated {verb}</dt>
          <dd>{job.updated}</dd>
        </div>
        <div>
          <dt>Unchanged</dt>
          <dd>{job.unchanged}</dd>
        </div>
        <div>
          <dt>With problems</dt>
          <dd>{job.failed}</dd>
        </div>
      </dl>
      {job.error ? (
        <p className="field-error">
          Line {job.error.line}: {job.error.message}
        </p>
      ) : null}
      {job.errors.length > 0 ? (
        <TableRegion label="Problems by line and column">
          <table>
            <caption>Problems by line and column</caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Column</th>
                <th scope="col">Product</th>
                <th scope="col">Problem</th>
              </tr>
            </thead>
            <tbody>
              {job.errors.map((e) => (
                <tr key={`${e.line}-${e.column}-${e.code}`}>
                  <td>{e.line}</td>
                  <td>{e.column ?? '—'}</td>
                  <td>{e.handle ?? '—'}</td>
                  <td>{e.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
      {job.ignored_columns.length > 0 ? (
        <p className="muted">
          Columns not read: {job.ignored_columns.map((c) => `${c.column} (${c.reason})`).join(', ')}
        </p>
      ) : null}
    </div>
  );
}
