import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { api, newIdempotencyKey, unwrap } from '../../api/client';
import { useMe } from '../../components/layout';
import { apiUrl } from '../../components/resource';
import { ErrorNotice, formatDate, Loading, Notice, Pager } from '../../components/ui';
import { useCursor } from '../../lib/list';
import { can } from '../../lib/scopes';
import { productKeys } from '../products/queries';
import { CategoryMapping, type CategorySource } from './category-mapping';
import { importKeys } from './queries';
import { type Import, Report } from './report';

const finished = (job: Import | undefined) =>
  job !== undefined && (job.status === 'completed' || job.status === 'failed');

/** One import job, polled until it is done. */
function useJob(id: string | undefined) {
  return useQuery({
    queryKey: importKeys.detail(id),
    queryFn: () =>
      unwrap(api.GET('/imports/{id}', { params: { path: { id: id ?? '' } } })) as Promise<Import>,
    enabled: id !== undefined,
    refetchInterval: (q) => (finished(q.state.data) ? false : 500),
  });
}

function start(file: File, dryRun: boolean, key: string, categoriesFrom?: CategorySource) {
  return unwrap(
    api.POST('/imports', {
      params: {
        query: {
          dry_run: dryRun ? 'true' : 'false',
          ...(categoriesFrom ? { categories_from: categoriesFrom } : {}),
        },
      },
      body: file as unknown as string,
      bodySerializer: (body: unknown) => body as Blob,
      headers: { 'Content-Type': 'text/csv', 'idempotency-key': key },
    }),
  );
}

function PastImports() {
  const pager = useCursor();
  const list = useQuery({
    queryKey: [...importKeys.lists(), pager.cursor],
    queryFn: () =>
      unwrap(
        api.GET('/imports', { params: { query: { limit: 10, ...pager.cursor } } }),
      ) as Promise<{
        data: Import[];
        has_more: boolean;
      }>,
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  return (
    <section aria-labelledby="past-imports">
      <h2 id="past-imports">Past imports</h2>
      <ErrorNotice error={list.error} />
      {list.isPending ? <Loading what="past imports" /> : null}
      {list.data && rows.length === 0 ? <p>No imports yet.</p> : null}
      <ul className="plain">
        {rows.map((job) => (
          <li key={job.id}>
            <details>
              <summary>
                {formatDate(job.created_at)} · {job.dry_run ? 'check' : 'import'} · {job.status} ·{' '}
                {job.created} created, {job.updated} updated, {job.failed} with problems
              </summary>
              <Report job={job} />
            </details>
          </li>
        ))}
      </ul>
      <Pager
        hasPrevious={pager.page > 0}
        hasNext={pager.hasNext(list.data?.has_more ?? false)}
        onPrevious={() => pager.previous(rows[0]?.id)}
        onNext={() => pager.next(rows.at(-1)?.id)}
      />
    </section>
  );
}

/** Shopify product CSV in: checked first (dry run), then imported with progress; products out. */
export function Imports() {
  const me = useMe();
  const queryClient = useQueryClient();
  const writable = can(me.scopes, 'catalogue:write');
  const [file, setFile] = useState<File>();
  const [checkId, setCheckId] = useState<string>();
  const [runId, setRunId] = useState<string>();
  const [failure, setFailure] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [categoriesFrom, setCategoriesFrom] = useState<CategorySource>();
  const runKey = useRef(newIdempotencyKey());
  const check = useJob(checkId);
  const run = useJob(runId);
  const launch = async (dryRun: boolean) => {
    if (!file) return;
    setFailure(undefined);
    setBusy(true);
    try {
      const job = dryRun
        ? await start(file, true, newIdempotencyKey())
        : await start(file, false, runKey.current, categoriesFrom ?? check.data?.categories_from);
      if (dryRun) setCheckId(job.id);
      else setRunId(job.id);
      await queryClient.invalidateQueries({ queryKey: importKeys.lists() });
    } catch (caught) {
      setFailure(caught);
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void launch(true);
  };
  const runDone = finished(run.data);
  // The import changed products: lists read before it are stale.
  useEffect(() => {
    if (runDone) void queryClient.invalidateQueries({ queryKey: productKeys.all() });
  }, [runDone, queryClient]);
  return (
    <>
      <h1>Imports and exports</h1>
      {writable ? (
        <section aria-labelledby="import" className="card">
          <h2 id="import">Import products from Shopify</h2>
          <p className="muted">
            A CSV from Shopify’s Products → Export. It is checked first; nothing changes until you
            run it.
          </p>
          <form onSubmit={submit}>
            <div className="field">
              <label htmlFor="csv">Product CSV file</label>
              <input
                id="csv"
                type="file"
                accept=".csv,text/csv"
                onChange={(e) => {
                  setFile(e.target.files?.[0]);
                  setCheckId(undefined);
                  setRunId(undefined);
                  setCategoriesFrom(undefined);
                  runKey.current = newIdempotencyKey();
                }}
              />
            </div>
            <div className="actions">
              <button type="submit" className="primary" disabled={!file || busy}>
                Check the file
              </button>
            </div>
          </form>
          <ErrorNotice error={failure ?? check.error ?? run.error} />
          {check.data ? (
            <section aria-labelledby="dry-run">
              <h3 id="dry-run">Check{finished(check.data) ? '' : ' in progress'}</h3>
              <Report job={check.data} />
              {check.data.category_mapping ? (
                <CategoryMapping
                  mapping={check.data.category_mapping}
                  value={categoriesFrom ?? check.data.categories_from}
                  onChange={(source) => {
                    setCategoriesFrom(source);
                    runKey.current = newIdempotencyKey();
                  }}
                />
              ) : null}
              {finished(check.data) && check.data.status === 'completed' && !runId ? (
                <button
                  type="button"
                  className="primary"
                  disabled={busy}
                  onClick={() => void launch(false)}
                >
                  Run the import
                </button>
              ) : null}
            </section>
          ) : null}
          {run.data ? (
            <section aria-labelledby="run">
              <h3 id="run">Import{runDone ? '' : ' in progress'}</h3>
              {runDone ? (
                <Notice tone={run.data.status === 'completed' ? 'success' : 'error'}>
                  {run.data.status === 'completed'
                    ? `Import done: ${run.data.created} created, ${run.data.updated} updated.`
                    : 'The import failed.'}{' '}
                  <Link to="/products">See the products</Link>
                </Notice>
              ) : null}
              <Report job={run.data} />
            </section>
          ) : null}
        </section>
      ) : null}
      <section aria-labelledby="export" className="card">
        <h2 id="export">Export products</h2>
        <p>Every product as a Shopify product CSV.</p>
        <a className="button" href={apiUrl('/exports/products')} download>
          Download products (CSV)
        </a>
      </section>
      <PastImports />
    </>
  );
}
