/**
 * The shop (`#/shop`), loaded on demand: card backs, card sets, tables and frames drawn as SVG and CSS, bought with
 * chips won in games (never with money) and chosen for live tables. Ownership, choices and the balance live on the
 * server; won solo games are reported first so that their chips count.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ApiError } from '../../kit/server/account';
import { AccountProblem, useAccount } from '../../kit/server/account-state';
import { buy, equip, shop, type Shop, type ShopItem } from '../profile/api';
import { claimPracticeWins } from '../profile/practice';
import { CardFace } from '../../kit/CardSvg';
import { useApp } from '../../kit/context';
import { Page } from '../../kit/Page';
import { Avatar, CardBackArt, faceClass, tableStyle } from '../../table/art';
import { saveLook } from '../../table/look';
import './shop.css';
import { serverErrorText } from '../../kit/server/error-texts';

const SLOTS = ['back', 'face', 'table', 'frame'] as const;

function Preview({ item, name }: { item: ShopItem; name: string }) {
  const { settings } = useApp();
  switch (item.slot) {
    case 'back':
      return (
        <div className="card">
          <CardBackArt id={item.id} />
        </div>
      );
    case 'face':
      return (
        <div className={`card ${faceClass(item.id)}`}>
          <CardFace card="QH" lang={settings.lang} fourColor={settings.fourColor} />
        </div>
      );
    case 'table':
      return <div className="table-swatch" style={tableStyle(item.id)} />;
    case 'frame':
      return <Avatar name={name} frame={item.id} size={64} />;
  }
}

export default function ShopScreen() {
  const { store, settings } = useApp();
  const { t } = useTranslation();
  const { account, error: accountError, retrying, retry } = useAccount();
  const token = account?.token ?? null;
  const name = account?.user.name ?? '';
  const [data, setData] = useState<Shop | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const num = new Intl.NumberFormat(settings.lang);
  const itemName = useCallback((id: string) => t(`shop.items.${id}`, { defaultValue: id }), [t]);

  const fail = useCallback(
    (e: unknown, item?: ShopItem, balance?: number) => {
      const text = errorText(t, e, {
        name: item ? itemName(item.id) : '',
        price: item ? num.format(item.price) : '',
        balance: num.format(balance ?? 0),
      });
      setMessage({ text, error: true });
    },
    [t, itemName, num],
  );

  useEffect(() => {
    if (!token) return; // the account first (tried again by itself while the server is away)
    let live = true;
    (async () => {
      const paid = await claimPracticeWins(store);
      const s = await shop(token);
      saveLook(store, s.look); // the solo table wears it too
      if (!live) return;
      setData(s);
      if (paid.chips > 0)
        setMessage({ text: t('shop.practicePaid', { chips: num.format(paid.chips) }), error: false });
      else if (paid.stopped === 'cap') setMessage({ text: t('shop.practiceCap'), error: false });
    })().catch((e: unknown) => live && fail(e));
    return () => {
      live = false;
    };
  }, [store, token]); // once per visit (and account)

  const act = async (item: ShopItem) => {
    if (!token || !data || busy) return;
    setBusy(true);
    setMessage(null);
    try {
      if (!item.owned) {
        await buy(token, item.id);
        setMessage({ text: t('shop.bought', { name: itemName(item.id) }), error: false });
      } else {
        saveLook(store, await equip(token, item.id));
        setMessage({ text: t('shop.chosen', { name: itemName(item.id) }), error: false });
      }
      setData(await shop(token));
    } catch (e) {
      fail(e, item, data.balance);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={t('shop.title')}>
      <div className="balance">
        <ChipIcon />
        <span>{t('shop.balance')}:</span>
        <strong data-balance={data?.balance ?? ''}>{data ? num.format(data.balance) : '…'}</strong>
      </div>
      <p className="muted small-print">{t('shop.info')}</p>
      {accountError && <AccountProblem error={accountError} retrying={retrying} retry={retry} />}
      <p className={`shop-message${message?.error ? ' error' : ''}`} role="status" aria-live="polite">
        {message?.text ?? ''}
      </p>
      {data &&
        SLOTS.map((slot) => (
          <section key={slot} className="shop-slot">
            <h2>{t(`shop.slots.${slot}`)}</h2>
            <ul className="shop-grid">
              {data.items
                .filter((i) => i.slot === slot)
                .map((item) => (
                  <li
                    key={item.id}
                    className={`shop-item${item.equipped ? ' equipped' : ''}`}
                    data-item={item.id}
                    data-owned={item.owned}
                    data-equipped={item.equipped}
                  >
                    <div className="shop-preview">
                      <Preview item={item} name={name} />
                    </div>
                    <span className="name">{itemName(item.id)}</span>
                    <span className="price">
                      {item.price === 0 ? t('shop.free') : t('shop.price', { price: num.format(item.price) })}
                    </span>
                    {item.equipped ? (
                      <span className="muted">{t('shop.equipped')}</span>
                    ) : (
                      <button
                        type="button"
                        className={item.owned ? 'secondary' : 'primary'}
                        disabled={busy}
                        onClick={() => void act(item)}
                      >
                        {item.owned ? t('shop.equip') : t('shop.buy')}
                      </button>
                    )}
                  </li>
                ))}
            </ul>
          </section>
        ))}
    </Page>
  );
}

function errorText(t: TFunction, e: unknown, values: Record<string, string>): string {
  if (e instanceof ApiError)
    return t(`shop.errors.${e.code}`, {
      ...values,
      defaultValue: serverErrorText(t, e),
    });
  return t('shop.errors.other', { message: e instanceof Error ? e.message : String(e) });
}

function ChipIcon() {
  return (
    <svg className="chip-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="#c1121f" />
      <circle cx="12" cy="12" r="6.5" fill="none" stroke="#fff" strokeWidth="1.5" strokeDasharray="3 2.1" />
      <circle cx="12" cy="12" r="4" fill="#fff" />
    </svg>
  );
}
