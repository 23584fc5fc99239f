// Every text of the card in the app's three languages. A key with `_one`/`_few`/`_many`/`_other` forms is picked
// by the count's plural category in the app's language (Intl.PluralRules), so "1 needs you" and "2 need you".

/** @import { Catalog } from '../vendor/card-sdk/index.js' */

/**
 * The catalog for the SDK's `createTranslator`.
 * @satisfies {Catalog}
 */
export const catalog = {
  en: {
    title: 'Squad',
    agents: 'Agents',
    loading: 'Loading agents…',
    loadFailed: 'Could not load the agents.',
    empty: { heading: 'No agents connected', hint: 'Draw an arrow between an agent and this card.' },
    working_one: '{{count}} working',
    working_other: '{{count}} working',
    waiting_one: '{{count}} needs you',
    waiting_other: '{{count}} need you',
    send: 'Send summary',
    sent_one: 'Sent to {{count}} card',
    sent_other: 'Sent to {{count}} cards',
    noNote: 'Draw an arrow from this card to a note to send the summary.',
    status: { working: 'working', 'needs-input': 'needs input', finished: 'finished', idle: 'idle', exited: 'exited' },
    summary: { heading: 'Squad status', none: 'No agents are connected.' },
  },
  ru: {
    title: 'Команда',
    agents: 'Агенты',
    loading: 'Загрузка агентов…',
    loadFailed: 'Не удалось загрузить агентов.',
    empty: { heading: 'Нет подключённых агентов', hint: 'Проведите стрелку между агентом и этой карточкой.' },
    working_one: '{{count}} работает',
    working_few: '{{count}} работают',
    working_many: '{{count}} работают',
    working_other: '{{count}} работают',
    waiting_one: '{{count}} ждёт вас',
    waiting_few: '{{count}} ждут вас',
    waiting_many: '{{count}} ждут вас',
    waiting_other: '{{count}} ждут вас',
    send: 'Отправить сводку',
    sent_one: 'Отправлено в {{count}} карточку',
    sent_few: 'Отправлено в {{count}} карточки',
    sent_many: 'Отправлено в {{count}} карточек',
    sent_other: 'Отправлено в {{count}} карточки',
    noNote: 'Проведите стрелку от этой карточки к заметке, чтобы отправить сводку.',
    status: {
      working: 'работает',
      'needs-input': 'ждёт ввода',
      finished: 'закончил',
      idle: 'простаивает',
      exited: 'завершён',
    },
    summary: { heading: 'Статус команды', none: 'Нет подключённых агентов.' },
  },
  zh: {
    title: '小队',
    agents: '智能体',
    loading: '正在加载智能体…',
    loadFailed: '无法加载智能体。',
    empty: { heading: '没有连接的智能体', hint: '在智能体和此卡片之间画一条箭头。' },
    working_other: '{{count}} 个工作中',
    waiting_other: '{{count}} 个等待你',
    send: '发送摘要',
    sent_other: '已发送到 {{count}} 张卡片',
    noNote: '从此卡片画一条箭头到笔记即可发送摘要。',
    status: { working: '工作中', 'needs-input': '需要输入', finished: '已完成', idle: '空闲', exited: '已退出' },
    summary: { heading: '小队状态', none: '没有连接的智能体。' },
  },
};
