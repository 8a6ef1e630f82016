/**
 * An account on a Community Solid Server (7.x) with its identity provider on, made through the
 * server's account API as a user would script it: create the account, find its controls, add a
 * password login, create a pod (its WebID with it), and make client credentials for that WebID —
 * the id and secret a Solid-OIDC client-credentials login takes.
 */

export interface SolidAccount {
  /** The pod's root, e.g. http://localhost:PORT/bench/ (its owner may write under it). */
  pod: string;
  webId: string;
  clientId: string;
  clientSecret: string;
}

async function json(r: Response, what: string): Promise<Record<string, unknown>> {
  const text = await r.text();
  if (!r.ok) throw new Error(`${what}: HTTP ${r.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

export async function makeSolidAccount(base: string, name: string): Promise<SolidAccount> {
  const jsonHeaders = { 'content-type': 'application/json' };
  const created = await json(
    await fetch(new URL('.account/account/', base), { method: 'POST', headers: jsonHeaders, body: '{}' }),
    'create the account',
  );
  const authorization = `CSS-Account-Token ${String(created.authorization)}`;
  const index = await json(await fetch(new URL('.account/', base), { headers: { authorization } }), 'the controls');
  const controls = index.controls as { password: { create: string }; account: Record<string, string> };
  const post = async (url: string | undefined, body: unknown, what: string): Promise<Record<string, unknown>> => {
    if (url === undefined) throw new Error(`the account API offers no control to ${what}`);
    return json(
      await fetch(url, { method: 'POST', headers: { ...jsonHeaders, authorization }, body: JSON.stringify(body) }),
      what,
    );
  };
  await post(
    controls.password.create,
    { email: `${name}@example.org`, password: `pw-${name}-123` },
    'add a password login',
  );
  const pod = await post(controls.account.pod, { name }, 'create a pod');
  const credentials = await post(
    controls.account.clientCredentials,
    { name: `${name}-client`, webId: pod.webId },
    'make client credentials',
  );
  return {
    pod: String(pod.pod),
    webId: String(pod.webId),
    clientId: String(credentials.id),
    clientSecret: String(credentials.secret),
  };
}
