import type { SecurityEventView } from '@gatehouse/settings-api';
import { Empty, Loaded, useResource, When } from '../components';

/** "Recent security events" on the account page: what the account's e-mails told, in one list. */
export function SecurityEvents() {
  const events = useResource<SecurityEventView[]>('/api/settings/account/security-events');
  return (
    <section className="card" aria-labelledby="account-security-events">
      <h2 id="account-security-events">Recent security events</h2>
      <Loaded resource={events} what="your security events">
        {(list) =>
          list.length === 0 ? (
            <Empty>Nothing has happened to your account’s security yet.</Empty>
          ) : (
            <ul className="rows">
              {list.map((event) => (
                <li key={event.id} className="row">
                  <div className="row-main">
                    {event.description}
                    <div className="muted small">
                      <When iso={event.createdAt} />
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </section>
  );
}
