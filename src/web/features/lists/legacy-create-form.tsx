import { type FormEvent, useState } from 'react';
import { isRealCalendarDate, showsChildAge } from '../../../domain/lists/lists';
import { LIST_LIMITS, LIST_PATHS, type ListType } from '../../../shared/list-constants';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const RELATIONSHIPS = ['Myself', 'Partner', 'Child', 'Parent', 'Sibling', 'Friend', 'Colleague', 'Other'];

type Alert = { field: string; message: string } | null;

/**
 * LIST-010, LIST-017..021, LIST-037: the legacy create form. A plain form (the server checks it too);
 * with script, an empty required name or an unreal occasion date shows its alert before posting, and
 * the child age field appears once the month and day are chosen.
 */
export function LegacyCreateForm({
  csrfToken,
  initialType = 'wishlist',
}: {
  csrfToken: string;
  initialType?: ListType;
}) {
  const [listType, setListType] = useState<ListType>(initialType);
  const [month, setMonth] = useState('');
  const [day, setDay] = useState('');
  const [alert, setAlert] = useState<Alert>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    let problem: Alert = null;
    if (listType === 'wishlist' && !value('listName'))
      problem = { field: 'listName', message: 'Enter a name for your list.' };
    if (listType === 'giftlist' && !value('participantFirstName') && !value('participantLastName')) {
      problem = { field: 'participantFirstName', message: "Enter the recipient's first or last name." };
    }
    if (listType === 'idealist' && !value('listName'))
      problem = { field: 'listName', message: 'Enter a name for your idea list.' };
    const [d, m, y] = [value('occasionDay'), value('occasionMonth'), value('occasionYear')];
    if (
      !problem &&
      listType === 'giftlist' &&
      (d || m || y) &&
      !isRealCalendarDate(Number(d), Number(m), Number(y))
    ) {
      problem = { field: 'occasionDay', message: 'The occasion date is not a valid date.' };
    }
    if (problem) {
      event.preventDefault();
      setAlert(problem);
      document.getElementById(`legacy-${problem.field}`)?.focus();
    }
  };
  const action = listType === 'idealist' ? LIST_PATHS.ajaxCreateList : LIST_PATHS.createNewList;
  const invalid = (field: string) =>
    alert?.field === field ? { 'aria-invalid': true as const, 'aria-describedby': 'legacy-alert' } : {};

  return (
    <form className="legacy-create" method="post" action={action} onSubmit={onSubmit} noValidate>
      <input type="hidden" name="csrfToken" value={csrfToken} />
      <input type="hidden" name="createIngressName" value="list-page" />
      {alert ? (
        <div id="legacy-alert" className="alert alert--error" role="alert">
          <p>{alert.message}</p>
        </div>
      ) : null}
      <fieldset className="legacy-create__types">
        <legend>Kind of list</legend>
        {(
          [
            ['wishlist', 'Wish list'],
            ['giftlist', 'Gift list'],
            ['idealist', 'Idea list'],
          ] as const
        ).map(([type, label]) => (
          <label key={type}>
            <input
              type="radio"
              name="listType"
              value={type}
              checked={listType === type}
              onChange={() => {
                setListType(type);
                setAlert(null);
              }}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      {listType === 'giftlist' ? (
        <div className="legacy-create__row">
          <label className="field">
            <span>Recipient first name</span>
            <input
              id="legacy-participantFirstName"
              name="participantFirstName"
              maxLength={LIST_LIMITS.recipientNameMaxLength}
              {...invalid('participantFirstName')}
            />
          </label>
          <label className="field">
            <span>Recipient last name</span>
            <input
              id="legacy-participantLastName"
              name="participantLastName"
              maxLength={LIST_LIMITS.recipientNameMaxLength}
            />
          </label>
          <label className="field">
            <span>Relationship</span>
            <select name="relationship" defaultValue="">
              <option value="">Choose</option>
              {RELATIONSHIPS.map((r) => (
                <option key={r}>{r}</option>
              ))}
            </select>
          </label>
        </div>
      ) : null}
      <label className="field">
        <span>
          {listType === 'idealist'
            ? 'Idea list name'
            : listType === 'giftlist'
              ? 'List name (optional)'
              : 'List name'}
        </span>
        <input
          id="legacy-listName"
          name="listName"
          maxLength={LIST_LIMITS.nameMaxLength}
          {...invalid('listName')}
        />
      </label>
      {listType === 'idealist' ? (
        <label className="field">
          <span>Description</span>
          <textarea name="description" rows={3} maxLength={LIST_LIMITS.descriptionMaxLength} />
        </label>
      ) : null}
      {listType === 'giftlist' ? (
        <fieldset className="legacy-create__row">
          <legend>Occasion date</legend>
          <label className="field">
            <span>Month</span>
            <select
              id="legacy-occasionMonth"
              name="occasionMonth"
              value={month}
              onChange={(e) => setMonth(e.target.value)}
            >
              <option value="">Month</option>
              {MONTHS.map((name, i) => (
                <option key={name} value={i + 1}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>Day</span>
            <input
              id="legacy-occasionDay"
              name="occasionDay"
              inputMode="numeric"
              size={3}
              value={day}
              onChange={(e) => setDay(e.target.value)}
              {...invalid('occasionDay')}
            />
          </label>
          <label className="field">
            <span>Year</span>
            <input name="occasionYear" inputMode="numeric" size={5} />
          </label>
          {showsChildAge(Number(month) || undefined, Number(day) || undefined) ? (
            <label className="field">
              <span>Child age</span>
              <input name="childAge" inputMode="numeric" size={3} />
            </label>
          ) : null}
          <label className="field">
            <span>Reminder</span>
            <select name="reminderOffset" defaultValue="">
              <option value="">No reminder</option>
              <option value="7">A week before</option>
              <option value="14">Two weeks before</option>
            </select>
          </label>
        </fieldset>
      ) : null}
      <div className="legacy-create__row">
        <label className="field">
          <span>Privacy</span>
          <select name="privacyStatus" defaultValue="private">
            <option value="private">Private</option>
            <option value="public">Public</option>
            <option value="hidden">Hidden</option>
          </select>
        </label>
        <label className="legacy-create__check">
          <input type="checkbox" name="searchable" value="true" /> Searchable
        </label>
      </div>
      <button type="submit" className="button button--primary">
        Create list
      </button>
    </form>
  );
}
