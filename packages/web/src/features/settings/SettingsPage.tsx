import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGS } from '../../kit/cards';
import { CARD_BACKS, SPEEDS } from '../../kit/settings';
import { SoundContext } from '../../table/sound';
import { CardBackSvg, CardFace } from '../../kit/CardSvg';
import { useApp } from '../../kit/context';
import { Page } from '../../kit/Page';

const LANG_NAMES = { de: 'Deutsch', en: 'English' } as const;

export function SettingsPage() {
  const { settings, updateSettings, navigate } = useApp();
  const sound = useContext(SoundContext);
  const { t } = useTranslation();
  return (
    <Page title={t('settings.title')}>
      <fieldset className="segmented">
        <legend>{t('settings.language')}</legend>
        {LANGS.map((l) => (
          <label key={l} className={settings.lang === l ? 'on' : undefined} lang={l}>
            <input
              type="radio"
              name="lang"
              checked={settings.lang === l}
              onChange={() => updateSettings({ lang: l })}
            />
            {LANG_NAMES[l]}
          </label>
        ))}
      </fieldset>

      <label className="field check">
        <input
          type="checkbox"
          checked={settings.fourColor}
          onChange={(e) => updateSettings({ fourColor: e.target.checked })}
        />
        <span>{t('settings.fourColor')}</span>
      </label>
      <div className="sample-cards" aria-hidden="true">
        {(['AC', 'KD', 'QS', 'TH'] as const).map((c) => (
          <div className="card sample" key={c}>
            <CardFace card={c} lang={settings.lang} fourColor={settings.fourColor} />
          </div>
        ))}
      </div>

      <fieldset className="backs">
        <legend>{t('settings.cardBack')}</legend>
        {CARD_BACKS.map((b) => (
          <label key={b} className={`back-choice${settings.cardBack === b ? ' on' : ''}`}>
            <input
              type="radio"
              name="back"
              checked={settings.cardBack === b}
              onChange={() => updateSettings({ cardBack: b })}
            />
            <div className="card sample">
              <CardBackSvg back={b} />
            </div>
            <span>{t(`settings.backs.${b}`)}</span>
          </label>
        ))}
        <p className="muted small-print back-note">{t('settings.cardBackNote')}</p>
      </fieldset>

      <fieldset className="segmented">
        <legend>{t('settings.speed')}</legend>
        {SPEEDS.map((s) => (
          <label key={s} className={settings.speed === s ? 'on' : undefined}>
            <input
              type="radio"
              name="speed"
              checked={settings.speed === s}
              onChange={() => updateSettings({ speed: s })}
            />
            {t(`settings.speeds.${s}`)}
          </label>
        ))}
      </fieldset>

      <label className="field check">
        <input
          type="checkbox"
          checked={settings.reduceMotion}
          onChange={(e) => updateSettings({ reduceMotion: e.target.checked })}
        />
        <span>{t('settings.reduceMotion')}</span>
      </label>
      <label className="field check">
        <input
          type="checkbox"
          checked={settings.hints}
          onChange={(e) => updateSettings({ hints: e.target.checked })}
        />
        <span>{t('settings.hints')}</span>
      </label>
      <label className="field check">
        <input
          type="checkbox"
          checked={settings.sound}
          onChange={(e) => {
            const on = e.target.checked;
            updateSettings({ sound: on });
            if (on) {
              // The tap is the gesture browsers want before audio: start it, and let the player hear a card.
              void sound.unlock().then(() => sound.play('card'));
            }
          }}
        />
        <span>{t('settings.sound')}</span>
      </label>
      <p className="muted">{t('settings.soundCredit')}</p>
      <div>
        <button type="button" className="secondary wrap" onClick={() => navigate('/privacy')}>
          {t('settings.yourData')}
        </button>
      </div>
    </Page>
  );
}
