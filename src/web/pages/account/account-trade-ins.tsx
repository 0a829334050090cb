import type { AccountPageData } from '../../../shared/contracts/pages/account-page';
import { tradeInAppraisalPath } from '../../../shared/trade-in-constants';

const STATE_LABELS: Record<AccountPageData['tradeIns'][number]['state'], string> = {
  quoted: 'Quoted',
  submitted: 'Submitted: waiting for your device',
  received: 'Received',
  appraised: 'Appraised: your choice is needed',
  credited: 'Credited',
  returned: 'Returned',
};

/**
 * The account page's gift-card balance and trade-ins (decision 0053): each trade-in with its state and
 * values; an appraised one lists each answer beside what was found, with the accept or return choice as
 * plain forms that work without script.
 */
export function AccountTradeIns({ data }: { data: AccountPageData }) {
  if (data.giftCardBalance === null && data.tradeIns.length === 0) return null;
  return (
    <section className="account__section" aria-labelledby="trade-ins-heading">
      <h2 id="trade-ins-heading">Gift card balance and trade-ins</h2>
      <p className="account__balance">
        Gift card balance: <strong>{data.giftCardBalance?.displayString ?? '$0.00'}</strong>
        <span> (used at checkout)</span>
      </p>
      {data.tradeIns.length === 0 ? null : (
        <ul className="account__trade-ins">
          {data.tradeIns.map((tradeIn) => {
            const headingId = `trade-in-${tradeIn.tradeInId}`;
            return (
              <li key={tradeIn.tradeInId} className="account__trade-in" aria-labelledby={headingId}>
                <h3 id={headingId}>{`Trade-in ${tradeIn.tradeInId}`}</h3>
                <p>
                  <strong>{STATE_LABELS[tradeIn.state]}</strong>
                  {` · quoted ${tradeIn.quotedTotal.displayString} · credited ${tradeIn.creditedTotal.displayString}`}
                  {tradeIn.debt.minor > 0 ? ` · owed ${tradeIn.debt.displayString}` : ''}
                </p>
                <ul className="account__trade-in-items">
                  {tradeIn.items.map((item) => (
                    <li key={item.itemId}>
                      <span>{item.title}</span>
                      <span>
                        {` quoted ${item.conditionQuoted} (${item.valueQuoted.displayString})`}
                        {item.conditionFound && item.valueFound
                          ? `, found ${item.conditionFound} (${item.valueFound.displayString})`
                          : ''}
                      </span>
                      {item.state === 'awaitingChoice' ? (
                        <table className="account__appraisal">
                          <caption>What you told us and what we found</caption>
                          <thead>
                            <tr>
                              <th scope="col">Question</th>
                              <th scope="col">Your answer</th>
                              <th scope="col">We found</th>
                            </tr>
                          </thead>
                          <tbody>
                            {item.appraisal.map((line) => (
                              <tr key={line.questionId}>
                                <th scope="row">{line.question}</th>
                                <td>{line.answered}</td>
                                <td>{line.found ?? line.answered}</td>
                              </tr>
                            ))}
                          </tbody>
                        </table>
                      ) : null}
                    </li>
                  ))}
                </ul>
                {tradeIn.appraisalChoices.length > 0 ? (
                  <div className="account__appraisal-choice">
                    <form method="post" action={tradeInAppraisalPath(tradeIn.tradeInId)}>
                      <input type="hidden" name="csrfToken" value={data.csrfToken} />
                      <input type="hidden" name="choice" value="ACCEPT_WORSE" />
                      <button className="button button--primary" type="submit">
                        Accept the lower value
                      </button>
                    </form>
                    <form method="post" action={tradeInAppraisalPath(tradeIn.tradeInId)}>
                      <input type="hidden" name="csrfToken" value={data.csrfToken} />
                      <input type="hidden" name="choice" value="RETURN_WORSE" />
                      <button className="button button--secondary" type="submit">
                        Return my device
                      </button>
                    </form>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
