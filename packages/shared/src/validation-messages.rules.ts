import type { MessageLang } from './error-codes';

// Our rules' own messages in French and Chinese, for localizeIssueMessage (validation-messages.ts): (a) the static
// ones, (b) patterns for the ones with values. Also the types and helpers the other catalogues share.

export type Lang = Exclude<MessageLang, 'en'>;
/** A text in French and Chinese. */
export type Pair = readonly [fr: string, zh: string];

export const pick = (pair: Pair, lang: Lang) => (lang === 'fr' ? pair[0] : pair[1]);

/** (a) Every static message of our rules (contracts, text rules, helpers), as a predicate. */
export const STATIC: Readonly<Record<string, Pair>> = {
  // text rules (text.ts) and the generic ones
  'is required': ['est obligatoire', '为必填项'],
  'is invalid': ['est invalide', '无效'],
  'is not valid': ['n’est pas valide', '无效'],
  'is too long': ['dépasse la longueur maximale', '过长'],
  'must not contain control characters': [
    'ne doit pas contenir de caractères de contrôle',
    '不能包含控制字符',
  ],
  'must not contain line breaks': ['ne doit pas contenir de sauts de ligne', '不能包含换行符'],
  'must not contain text-direction override characters': [
    'ne doit pas contenir de caractères de forçage du sens du texte',
    '不能包含文字方向覆盖字符',
  ],
  'must contain visible characters': ['doit contenir des caractères visibles', '必须包含可见字符'],
  'must not contain spaces': ['ne doit pas contenir d’espaces', '不能包含空格'],
  'must not contain whitespace': ['ne doit contenir aucun caractère d’espacement', '不能包含空白字符'],
  'must not be empty': ['ne doit pas être vide', '不能为空'],
  'must be a number': ['doit être un nombre', '必须为数字'],
  'must be an integer': ['doit être un entier', '必须为整数'],
  'must be a whole number': ['doit être un nombre entier', '必须为整数'],
  'must be a positive integer': ['doit être un entier positif', '必须为正整数'],
  'must be greater than 0': ['doit être supérieur à 0', '必须大于 0'],
  'must be above 0': ['doit être supérieur à 0', '必须大于 0'],
  'must be at least 1': ['doit valoir au moins 1', '至少为 1'],
  'must be at most 1000000': ['doit valoir au plus 1000000', '最多为 1000000'],
  'must be digits': ['ne doit contenir que des chiffres', '只能包含数字'],
  'must be digits (messages a minute)': [
    'ne doit contenir que des chiffres (messages par minute)',
    '只能包含数字（每分钟消息数）',
  ],
  'must be digits (hours, 2 to 24)': [
    'ne doit contenir que des chiffres (heures, de 2 à 24)',
    '只能包含数字（小时数，2 至 24）',
  ],
  'must be a whole number of at least 0': [
    'doit être un nombre entier supérieur ou égal à 0',
    '必须为不小于 0 的整数',
  ],
  'must be a whole number from 0 to 999': ['doit être un nombre entier de 0 à 999', '必须为 0 至 999 的整数'],
  'must be upper case': ['doit être en majuscules', '必须为大写'],
  'must not start with a digit': ['ne doit pas commencer par un chiffre', '不能以数字开头'],
  'must have at most two decimals': ['doit avoir au plus deux décimales', '最多保留两位小数'],
  'must be whole days': ['doit être un nombre entier de jours', '必须为整数天'],
  'must be whole hours': ['doit être un nombre entier d’heures', '必须为整数小时'],
  'must be 1 to 12 hours': ['doit être de 1 à 12 heures', '必须为 1 至 12 小时'],

  // formats
  'must be YYYY-MM-DD': ['doit être au format YYYY-MM-DD', '格式必须为 YYYY-MM-DD'],
  'must be YYYY-MM-DD HH:mm:ss': [
    'doit être au format YYYY-MM-DD HH:mm:ss',
    '格式必须为 YYYY-MM-DD HH:mm:ss',
  ],
  'must be a day YYYY-MM-DD': ['doit être un jour au format YYYY-MM-DD', '必须为 YYYY-MM-DD 格式的日期'],
  'must be a time HH:mm': ['doit être une heure au format HH:mm', '必须为 HH:mm 格式的时间'],
  'must be a time HH:mm, like 00:00 or 08:30': [
    'doit être une heure au format HH:mm, comme 00:00 ou 08:30',
    '必须为 HH:mm 格式的时间，如 00:00 或 08:30',
  ],
  'must be an ISO date-time': ['doit être une date-heure ISO', '必须为 ISO 日期时间'],
  'must be epoch milliseconds': [
    'doit être un horodatage en millisecondes depuis l’epoch Unix',
    '必须为毫秒级 Unix 时间戳',
  ],
  'must be a sign and four digits, e.g. +0100': [
    'doit être un signe suivi de quatre chiffres, par ex. +0100',
    '必须为正负号加四位数字，如 +0100',
  ],
  'must be a UTC offset like +08:00 or a time-zone name like Asia/Shanghai': [
    'doit être un décalage UTC comme +08:00 ou un nom de fuseau horaire comme Asia/Shanghai',
    '必须为 UTC 偏移（如 +08:00）或时区名称（如 Asia/Shanghai）',
  ],
  'must be an IANA time zone such as Africa/Lagos': [
    'doit être un fuseau horaire IANA comme Africa/Lagos',
    '必须为 IANA 时区，如 Africa/Lagos',
  ],
  'must be # and 6 hexadecimal digits': [
    'doit être # suivi de 6 chiffres hexadécimaux',
    '必须为 # 加 6 位十六进制数字',
  ],
  'must be # and 6 hexadecimal digits, like #1A73E8': [
    'doit être # suivi de 6 chiffres hexadécimaux, comme #1A73E8',
    '必须为 # 加 6 位十六进制数字，如 #1A73E8',
  ],
  'must be a valid e-mail address': ['doit être une adresse e-mail valide', '必须为有效的邮箱地址'],
  'must be 8 to 20 characters with a digit, a letter and one of !@#$%&': [
    'doit comporter de 8 à 20 caractères, dont un chiffre, une lettre et l’un de !@#$%&',
    '必须为 8 至 20 个字符，包含数字、字母及 !@#$%& 中的一个',
  ],
  'must start with a letter and hold only letters, digits and _': [
    'doit commencer par une lettre et ne contenir que des lettres, des chiffres et _',
    '必须以字母开头，且只能包含字母、数字和 _',
  ],
  'must start with http:// or https://': [
    'doit commencer par http:// ou https://',
    '必须以 http:// 或 https:// 开头',
  ],
  'must be an http:// or https:// address': [
    'doit être une adresse http:// ou https://',
    '必须为 http:// 或 https:// 地址',
  ],
  'must be a page or deep link': ['doit être une page ou un lien profond', '必须为页面或深度链接'],
  'must be a page or deep link, not an http(s) link': [
    'doit être une page ou un lien profond, pas un lien http(s)',
    '必须为页面或深度链接，而非 http(s) 链接',
  ],
  'must be a valid Android package name, like com.example.app': [
    'doit être un nom de paquet Android valide, comme com.example.app',
    '必须为有效的 Android 包名，如 com.example.app',
  ],
  'must be an Android package name, like com.example.app': [
    'doit être un nom de paquet Android, comme com.example.app',
    '必须为 Android 包名，如 com.example.app',
  ],
  'must be an activity class name, like com.example.app.MainActivity or .MainActivity': [
    'doit être un nom de classe d’activité, comme com.example.app.MainActivity ou .MainActivity',
    '必须为 Activity 类名，如 com.example.app.MainActivity 或 .MainActivity',
  ],
  'must be an advertising id: 8-4-4-4-12 hexadecimal digits': [
    'doit être un identifiant publicitaire : 8-4-4-4-12 chiffres hexadécimaux',
    '必须为广告 ID：8-4-4-4-12 位十六进制数字',
  ],
  // API keys and transactional sends (contracts/api-keys.ts, contracts/transactional.ts)
  'must be send, statistics:read or materials:manage': [
    'doit valoir send, statistics:read ou materials:manage',
    '必须为 send、statistics:read 或 materials:manage',
  ],
  'must hold at least one scope': ['doit contenir au moins une portée', '必须至少包含一个权限范围'],
  // event streams (contracts/event-streams.ts)
  'must be an https:// address (http:// only to 127.0.0.1 or localhost)': [
    'doit être une adresse https:// (http:// seulement vers 127.0.0.1 ou localhost)',
    '必须为 https:// 地址（http:// 仅限 127.0.0.1 或 localhost）',
  ],
  'must be sent, delivered, shown, clicked, dismissed, lost or uninstalled': [
    'doit valoir sent, delivered, shown, clicked, dismissed, lost ou uninstalled',
    '必须为 sent、delivered、shown、clicked、dismissed、lost 或 uninstalled',
  ],
  // a journey's event entry (journey-entry.ts)
  'must name one of the app’s events': [
    'doit désigner un des événements de l’application',
    '必须指定应用的一个事件',
  ],
  'must name a property': ['doit désigner une propriété', '必须指定一个属性'],
  'must differ from the entry event': ['doit différer de l’événement d’entrée', '必须与进入事件不同'],
  'must not be given with gaids': ['ne doit pas être donné avec gaids', '不能与 gaids 同时提供'],
  'must be advertising ids (8-4-4-4-12 hex)': [
    'doit contenir des identifiants publicitaires (8-4-4-4-12 hex)',
    '必须为广告 ID（8-4-4-4-12 位十六进制）',
  ],
  'must be a message id (digits)': [
    'doit être un identifiant de message (chiffres)',
    '必须为消息 ID（数字）',
  ],
  'must be an app id': ['doit être un identifiant d’application', '必须为应用 ID'],
  'must be a tag id': ['doit être un identifiant d’étiquette', '必须为标签 ID'],
  'must be an integer API level': ['doit être un niveau d’API entier', '必须为整数形式的 API 级别'],
  'must be an API level from 14 to 35': [
    'doit être un niveau d’API de 14 à 35',
    '必须为 14 至 35 的 API 级别',
  ],
  'must be an area name such as models': [
    'doit être un nom de zone comme models',
    '必须为区域名称，如 models',
  ],
  'must be an uploaded icon (/files/…)': [
    'doit être une icône téléversée (/files/…)',
    '必须为已上传的图标（/files/…）',
  ],
  'must be an uploaded image': ['doit être une image téléversée', '必须为已上传的图片'],
  'must be a BCP 47 language tag (en, pt-BR) or pt_BR': [
    'doit être une étiquette de langue BCP 47 (en, pt-BR) ou pt_BR',
    '必须为 BCP 47 语言标签（en, pt-BR）或 pt_BR',
  ],
  'must be a known language code (en, fr, pt_BR…)': [
    'doit être un code de langue connu (en, fr, pt_BR…)',
    '必须为已知的语言代码（en, fr, pt_BR…）',
  ],
  'is not a language code such as pt or pt_BR': [
    'n’est pas un code de langue comme pt ou pt_BR',
    '不是 pt 或 pt_BR 这样的语言代码',
  ],
  'is not a language code (e.g. en, fr, pt_BR)': [
    'n’est pas un code de langue (par ex. en, fr, pt_BR)',
    '不是语言代码（如 en, fr, pt_BR）',
  ],
  'must be an ISO 3166-1 alpha-2 country code': [
    'doit être un code pays ISO 3166-1 alpha-2',
    '必须为 ISO 3166-1 alpha-2 国家代码',
  ],
  'must be ISO 3166-1 alpha-2 country codes': [
    'doit contenir des codes pays ISO 3166-1 alpha-2',
    '必须为 ISO 3166-1 alpha-2 国家代码',
  ],
  'must be a country code of the dictionary (ISO 3166-1 alpha-2, e.g. FR)': [
    'doit être un code pays du dictionnaire (ISO 3166-1 alpha-2, par ex. FR)',
    '必须为字典中的国家代码（ISO 3166-1 alpha-2，如 FR）',
  ],
  'is not an ISO 3166-1 country code': ['n’est pas un code pays ISO 3166-1', '不是 ISO 3166-1 国家代码'],

  // numbered choices
  'must be 0, 1, 2 or 3': ['doit valoir 0, 1, 2 ou 3', '必须为 0、1、2 或 3'],
  'must be 1 (GAID)': ['doit valoir 1 (GAID)', '必须为 1（GAID）'],
  'must be 1 (ad shielding) or 2 (global shielding)': [
    'doit valoir 1 (blocage publicitaire) ou 2 (blocage global)',
    '必须为 1（广告屏蔽）或 2（全局屏蔽）',
  ],
  'must be 1 (add) or 2 (delete)': [
    'doit valoir 1 (ajout) ou 2 (suppression)',
    '必须为 1（添加）或 2（删除）',
  ],
  'must be 1 (countries) or 2 (time windows)': [
    'doit valoir 1 (pays) ou 2 (plages horaires)',
    '必须为 1（国家）或 2（时段）',
  ],
  'must be 1 (day) or 2 (week)': ['doit valoir 1 (jour) ou 2 (semaine)', '必须为 1（天）或 2（周）'],
  'must be 1 (new market) or 2 (old market)': [
    'doit valoir 1 (nouveau marché) ou 2 (ancien marché)',
    '必须为 1（新市场）或 2（老市场）',
  ],
  'must be 1 (notification) or 2 (pass-through)': [
    'doit valoir 1 (notification) ou 2 (message transparent)',
    '必须为 1（通知栏消息）或 2（透传消息）',
  ],
  'must be 1 (flagship), 2 (mid-high-end) or 3 (other)': [
    'doit valoir 1 (modèle phare), 2 (milieu-haut de gamme) ou 3 (autre)',
    '必须为 1（旗舰）、2（中高端）或 3（其他）',
  ],
  'must be 300 (manager), 400 (operator) or 500 (tester)': [
    'doit valoir 300 (gestionnaire), 400 (opérateur) ou 500 (testeur)',
    '必须为 300（管理员）、400（运营）或 500（测试）',
  ],
  'must be 300, 400 or 500': ['doit valoir 300, 400 ou 500', '必须为 300、400 或 500'],
  'must be LABEL or GROUP': ['doit valoir LABEL ou GROUP', '必须为 LABEL 或 GROUP'],
  'must be ascend or descend': ['doit valoir ascend ou descend', '必须为 ascend 或 descend'],
  'must be a known condition operator': [
    'doit être un opérateur de condition connu',
    '必须为已知的条件运算符',
  ],
  // attribute and event conditions (contracts/user-conditions.ts)
  'must be string, number, boolean, date or list': [
    'doit valoir string, number, boolean, date ou list',
    '必须为 string、number、boolean、date 或 list',
  ],
  'is required for an attribute condition': [
    'est obligatoire pour une condition sur un attribut',
    '属性条件必须填写此项',
  ],
  'is required for an event condition': [
    'est obligatoire pour une condition sur un événement',
    '事件条件必须填写此项',
  ],
  'must hold a value': ['doit contenir une valeur', '必须包含一个值'],
  'must be a day (YYYY-MM-DD)': ['doit être un jour (AAAA-MM-JJ)', '必须为日期（YYYY-MM-DD）'],
  'must be an ISO-8601 date': ['doit être une date ISO-8601', '必须为 ISO-8601 日期'],
  'must be true or false': ['doit valoir true ou false', '必须为 true 或 false'],
  'is not an attribute of this app': ['n’est pas un attribut de cette application', '不是此应用的属性'],
  'is not an event of this app': ['n’est pas un événement de cette application', '不是此应用的事件'],
  'must be one of received, shown, clicked, dismissed, show_failed, recalled, converted': [
    'doit valoir l’une des valeurs suivantes : received, shown, clicked, dismissed, show_failed, recalled, converted',
    '必须为以下值之一：received, shown, clicked, dismissed, show_failed, recalled, converted',
  ],

  // lists
  'must hold at least one condition': ['doit contenir au moins une condition', '必须至少包含一个条件'],
  'must hold at least one event': ['doit contenir au moins un événement', '必须至少包含一个事件'],
  'must hold at least one language': ['doit contenir au moins une langue', '必须至少包含一种语言'],
  'must hold at least one message': ['doit contenir au moins un message', '必须至少包含一条消息'],
  'must hold at least one step': ['doit contenir au moins une étape', '必须至少包含一个步骤'],
  'must hold at most 1000 values': ['doit contenir au plus 1000 valeurs', '最多包含 1000 个值'],
  'must hold at most 500 events': ['doit contenir au plus 500 événements', '最多包含 500 个事件'],
  // custom events (contracts/custom-events.ts)
  'must hold at most 50 events': ['doit contenir au plus 50 événements', '最多包含 50 个事件'],
  'must hold at most 20 properties': ['doit contenir au plus 20 propriétés', '最多包含 20 个属性'],
  'must start with a letter and hold only letters, digits, _ . or - (at most 64 characters)': [
    'doit commencer par une lettre et ne contenir que des lettres, des chiffres, _ . ou - (64 caractères au plus)',
    '必须以字母开头，只能包含字母、数字、_ . 或 -（最多 64 个字符）',
  ],
  'must be an identifier: a letter or _, then letters, digits or _ (at most 64 characters)': [
    'doit être un identifiant : une lettre ou _, puis des lettres, des chiffres ou _ (64 caractères au plus)',
    '必须为标识符：以字母或 _ 开头，后接字母、数字或 _（最多 64 个字符）',
  ],
  'must be a string, a number or a boolean': [
    'doit être une chaîne, un nombre ou un booléen',
    '必须为字符串、数字或布尔值',
  ],
  'must be at most 7 days old': ['doit dater de 7 jours au plus', '不能早于 7 天前'],
  'must be at most 5 minutes in the future': [
    'doit être au plus 5 minutes dans le futur',
    '不能晚于当前时间 5 分钟以上',
  ],
  'is a new event name beyond the app’s 200': [
    'est un nouveau nom d’événement au-delà des 200 de l’application',
    '是超出应用 200 个上限的新事件名',
  ],
  'is a new property beyond the event’s 100': [
    'est une nouvelle propriété au-delà des 100 de l’événement',
    '是超出该事件 100 个上限的新属性',
  ],

  // users and attributes (contracts/user-attributes.ts)
  'is not an attribute key: a lower-case letter, then up to 63 lower-case letters, digits or _': [
    'n’est pas une clé d’attribut : une lettre minuscule, puis jusqu’à 63 lettres minuscules, chiffres ou _',
    '不是属性键：以小写字母开头，其后最多 63 个小写字母、数字或 _',
  ],
  'must be a finite number': ['doit être un nombre fini', '必须为有限数值'],
  'must be a string, number, boolean, ISO-8601 date, list of strings, or null': [
    'doit être une chaîne, un nombre, un booléen, une date ISO-8601, une liste de chaînes ou null',
    '必须为字符串、数字、布尔值、ISO-8601 日期、字符串列表或 null',
  ],
  'must be a string: the attribute is a string': [
    'doit être une chaîne : l’attribut est une chaîne',
    '必须为字符串：该属性为字符串类型',
  ],
  'must be a number: the attribute is a number': [
    'doit être un nombre : l’attribut est un nombre',
    '必须为数字：该属性为数字类型',
  ],
  'must be true or false: the attribute is a boolean': [
    'doit valoir true ou false : l’attribut est un booléen',
    '必须为 true 或 false：该属性为布尔类型',
  ],
  'must be an ISO-8601 date: the attribute is a date': [
    'doit être une date ISO-8601 : l’attribut est une date',
    '必须为 ISO-8601 日期：该属性为日期类型',
  ],
  'must be a list of strings: the attribute is a list': [
    'doit être une liste de chaînes : l’attribut est une liste',
    '必须为字符串列表：该属性为列表类型',
  ],
  'must hold at least one attribute': ['doit contenir au moins un attribut', '至少包含一个属性'],
  'must name at least one language': ['doit indiquer au moins une langue', '必须至少指定一种语言'],
  'must name each app once': ['doit nommer chaque application une seule fois', '每个应用只能出现一次'],
  'must name each language once': ['doit nommer chaque langue une seule fois', '每种语言只能出现一次'],
  'must not name an app twice': ['ne doit pas nommer deux fois la même application', '不能重复指定同一应用'],
  'names each reason once': ['doit nommer chaque motif une seule fois', '每个原因只能出现一次'],
  'is listed twice': ['figure deux fois', '重复出现'],
  'is used twice': ['apparaît deux fois', '重复使用'],
  'is already there': ['figure déjà', '已存在'],
  'must end with the user’s message': [
    'doit se terminer par le message de l’utilisateur',
    '必须以用户的消息结尾',
  ],

  // required in context
  'is required for a pull-up': ['est obligatoire pour une réactivation', '在拉活消息中为必填项'],
  'is required for an external user': ['est obligatoire pour un utilisateur externe', '对外部用户为必填项'],
  'is required for the custom design': [
    'est obligatoire pour le design personnalisé',
    '在自定义样式下为必填项',
  ],
  'is required for the system design': ['est obligatoire pour le design système', '在系统样式下为必填项'],
  'is required for the picture expanded view': [
    'est obligatoire pour la vue développée avec image',
    '在图片展开视图下为必填项',
  ],
  'is required for the text expanded view': [
    'est obligatoire pour la vue développée avec texte',
    '在文本展开视图下为必填项',
  ],
  'is required to reject': ['est obligatoire pour refuser', '驳回时为必填项'],
  'is required: add at least one window': [
    'est obligatoire : ajoutez au moins une plage horaire',
    '为必填项：请至少添加一个时段',
  ],
  'is required: choose a country': ['est obligatoire : choisissez un pays', '为必填项：请选择国家'],
  'is required: choose an app': ['est obligatoire : choisissez une application', '为必填项：请选择应用'],
  'is required: choose at least one country': [
    'est obligatoire : choisissez au moins un pays',
    '为必填项：请至少选择一个国家',
  ],
  'is required: the entry to delete': ['est obligatoire : l’entrée à supprimer', '为必填项：要删除的条目'],
  'is required: the window (id) or the country (countryCode) to delete': [
    'est obligatoire : la plage horaire (id) ou le pays (countryCode) à supprimer',
    '为必填项：要删除的时段（id）或国家（countryCode）',
  ],
  'is required: type the package name': [
    'est obligatoire : saisissez le nom du paquet',
    '为必填项：请输入包名',
  ],
  'is required: upload the service-account JSON': [
    'est obligatoire : téléversez le JSON du compte de service',
    '为必填项：请上传服务账号 JSON',
  ],
  'is empty: fill in the content to translate first': [
    'est vide : saisissez d’abord le contenu à traduire',
    '为空：请先填写要翻译的内容',
  ],

  // other single rules
  'is in the future': ['est dans le futur', '是未来的时间'],
  'is longer than 50 characters': ['dépasse 50 caractères', '超过 50 个字符'],
  'is not a valid invitation': ['n’est pas une invitation valide', '不是有效的邀请'],
  'is not an uploaded list': ['n’est pas une liste téléversée', '不是已上传的列表'],
  'must not be before from': ['ne doit pas être antérieur à from', '不能早于 from'],
  'must differ from start (a window cannot be empty or the whole day)': [
    'doit différer du début (une plage ne peut être ni vide ni couvrir toute la journée)',
    '必须与开始时间不同（时段不能为空，也不能是全天）',
  ],
  'may hold only upper-case letters, digits and single spaces or - _ . & +': [
    'ne peut contenir que des lettres majuscules, des chiffres et des espaces simples ou - _ . & +',
    '只能包含大写字母、数字以及单个空格或 - _ . & +',
  ],
  'may hold only upper-case letters and digits': [
    'ne peut contenir que des lettres majuscules et des chiffres',
    '只能包含大写字母和数字',
  ],

  // materials, notification and cross content
  'is not a key of a cross message': ['n’est pas une clé d’un message transparent', '不是透传消息的键'],
  'is only for notification materials': [
    'ne s’applique qu’aux contenus de notification',
    '仅适用于通知栏素材',
  ],
  'is only allowed with the custom design (noti_type 3)': [
    'ne s’utilise qu’avec le design personnalisé (noti_type 3)',
    '仅适用于自定义样式（noti_type 3）',
  ],
  'is only used with expanded type 2 (text)': [
    'ne s’utilise qu’avec le type développé 2 (texte)',
    '仅用于展开类型 2（文本）',
  ],
  'is only used with expanded type 3 (picture)': [
    'ne s’utilise qu’avec le type développé 3 (image)',
    '仅用于展开类型 3（图片）',
  ],
  'The content must be a JSON object ({…})': [
    'Le contenu doit être un objet JSON ({…})',
    '内容必须为 JSON 对象（{…}）',
  ],
  'must be a JSON object ({…})': ['doit être un objet JSON ({…})', '必须为 JSON 对象（{…}）'],
  'must be base64 of UTF-8 text': [
    'doit être un texte UTF-8 encodé en base64',
    '必须为 UTF-8 文本的 base64 编码',
  ],
  'must be base64 of JSON, and its text is not JSON': [
    'doit être du JSON encodé en base64, or son texte n’est pas du JSON',
    '必须为 JSON 的 base64 编码，但其文本不是 JSON',
  ],
  'must be base64 of a JSON object ({…})': [
    'doit être un objet JSON ({…}) encodé en base64',
    '必须为 JSON 对象（{…}）的 base64 编码',
  ],
  'must be lang|title|text, optionally |expanded text|button text': [
    'doit suivre le format lang|title|text, éventuellement suivi de |expanded text|button text',
    '格式必须为 lang|title|text，可再加 |expanded text|button text',
  ],

  // conditions
  'must be a known condition label': ['doit être une étiquette de condition connue', '必须为已知的条件标签'],
  'must be empty for this label': ['doit être vide pour cette étiquette', '此标签下必须为空'],
  'must be empty when all are selected': ['doit être vide quand tout est sélectionné', '全选时必须为空'],
  'must hold a value, or select all': [
    'doit contenir une valeur, ou tout sélectionner',
    '必须填写一个值，或选择全部',
  ],
  'must hold one window': ['doit contenir une seule période', '只能包含一个时间窗口'],
  'must be a range [min, max]': ['doit être une plage [min, max]', '必须为范围 [min, max]'],
  'range minimum must not exceed its maximum': [
    'le minimum de la plage ne doit pas dépasser son maximum',
    '范围的最小值不能大于最大值',
  ],
  'needs advanced targeting (global tag switch and the app’s advanced targeting)': [
    'nécessite le ciblage avancé (interrupteur global des étiquettes et ciblage avancé de l’application)',
    '需要开启高级定向（全局标签开关和应用的高级定向）',
  ],

  // journeys and A/B tests
  'must be empty: the entry step sends to the journey’s audience': [
    'doit être vide : l’étape d’entrée envoie à l’audience du parcours',
    '必须为空：入口步骤发送给旅程的目标人群',
  ],
  'must be empty: the first step is the entry': [
    'doit être vide : la première étape est l’entrée',
    '必须为空：第一个步骤即为入口',
  ],
  'must name the step and outcome that lead here (only the first step is the entry)': [
    'doit indiquer l’étape et le résultat qui mènent ici (seule la première étape est l’entrée)',
    '必须指明通向此处的步骤和结果（只有第一个步骤是入口）',
  ],
  'must not be the step itself': ['ne doit pas être l’étape elle-même', '不能是该步骤本身'],
  'must be the msgType of arm A': ['doit être le msgType de la variante A', '必须与 A 组的 msgType 相同'],
  'must equal arm A’s percent': ['doit être égal au pourcentage de la variante A', '必须等于 A 组的百分比'],

  // forecasts
  'an exact forecast states no error': ['une prévision exacte n’indique aucune erreur', '精确预估不给出误差'],
  'a sampled forecast states the error of every count': [
    'une prévision par échantillonnage indique l’erreur de chaque décompte',
    '抽样预估须给出每项计数的误差',
  ],
};

/** What a counted noun is in French and, with its classifier, in Chinese ("20 étapes", "20 个步骤"). */
const COUNTED: Readonly<Record<string, Pair>> = {
  apps: ['applications', '个应用'],
  messages: ['messages', '条消息'],
  conditions: ['conditions', '个条件'],
  windows: ['plages horaires', '个时段'],
  steps: ['étapes', '个步骤'],
  values: ['valeurs', '个值'],
  events: ['événements', '个事件'],
  languages: ['langues', '种语言'],
  countries: ['pays', '个国家'],
  characters: ['caractères', '个字符'],
  days: ['jours', '天'],
  hours: ['heures', '小时'],
};

/** The names of the numbered choices of the material sheet (TYPE_NAMES, OPEN_TYPES, EXPANDED_TYPES). */
const CHOICE_NAMES: Readonly<Record<string, Pair>> = {
  'system design': ['design système', '系统样式'],
  'button design': ['design à bouton', '按钮样式'],
  cross: ['message transparent', '透传消息'],
  'page or deep link': ['page ou lien profond', '页面或深度链接'],
  'http(s) link': ['lien http(s)', 'http(s) 链接'],
  'download link': ['lien de téléchargement', '下载链接'],
  none: ['aucune', '无'],
  text: ['texte', '文本'],
  picture: ['image', '图片'],
};
const CHOICE_SEPARATORS: Readonly<Record<string, Pair>> = {
  ', ': [', ', '、'],
  ' or ': [' ou ', '或 '],
  ' and ': [' et ', '和 '],
};
const CHOICE = /(\d+) \(((?:[^()]|\([^()]*\))+)\)/g;

/** "1 (system design) and 2 (button design)" in `lang`, or the list as it is when it is not such a list. */
function choices(list: string, lang: Lang): string {
  let out = '';
  let at = 0;
  for (const m of list.matchAll(CHOICE)) {
    const [whole, n = '', name = ''] = m;
    const between = list.slice(at, m.index);
    if (at === 0 && between !== '') return list;
    if (at > 0) {
      const sep = CHOICE_SEPARATORS[between];
      if (!sep) return list;
      out += pick(sep, lang);
    }
    const localized = CHOICE_NAMES[name];
    out += lang === 'fr' ? `${n} (${localized?.[0] ?? name})` : `${n}（${localized?.[1] ?? name}）`;
    at = m.index + whole.length;
  }
  return at > 0 && at === list.length ? out : list;
}

/** The JSON syntax errors of findJsonError (cross-content.ts), for "must be a JSON object: … at line 1, column 2". */
const JSON_SYNTAX: Readonly<Record<string, Pair>> = {
  'Unterminated string': ['chaîne non terminée', '字符串未结束'],
  'Bad \\u escape': ['échappement \\u invalide', '\\u 转义无效'],
  'Bad escape': ['échappement invalide', '转义无效'],
  'Control character in a string (a line break?)': [
    'caractère de contrôle dans une chaîne (un saut de ligne ?)',
    '字符串中有控制字符（换行？）',
  ],
  'A key in double quotes expected': ['clé entre guillemets doubles attendue', '此处应为带双引号的键'],
  'Trailing comma': ['virgule en trop à la fin', '末尾多了逗号'],
  'A value expected': ['valeur attendue', '此处应为一个值'],
  'Unexpected end: a value expected': ['fin inattendue : valeur attendue', '意外结束：此处应为一个值'],
  'Unexpected text after the JSON value': ['texte inattendu après la valeur JSON', 'JSON 值之后有多余的文本'],
};

function jsonSyntax(message: string, lang: Lang): string {
  const known = JSON_SYNTAX[message];
  if (known) return pick(known, lang);
  const m = /^(Unexpected end: )?(.+) expected$/.exec(message);
  if (!m) return message;
  const [, end, what = ''] = m;
  return lang === 'fr'
    ? `${end ? 'fin inattendue : ' : ''}${what.replace(' or ', ' ou ')} attendu`
    : `${end ? '意外结束：' : ''}此处应为 ${what.replace(' or ', ' 或 ')}`;
}

/** A Chinese text between Chinese words: spaces around it where it begins or ends with Latin letters or digits. */
export const zhAround = (s: string) =>
  `${/^[\x21-\x7e]/.test(s) ? ' ' : ''}${s}${/[\x21-\x7e]$/.test(s) ? ' ' : ''}`;

/** A Chinese text after a Chinese word: a space before Latin letters and digits. */
export const zhAfter = (s: string) => (/^[\x21-\x7e]/.test(s) ? ` ${s}` : s);

/** A translation from a pattern's captured parts; undefined when the parts do not fit (the next pattern is tried). */
export type Build = (...parts: string[]) => string | undefined;
export type Rule = readonly [pattern: RegExp, fr: Build, zh: Build];

const counted = (noun: string, lang: Lang) => {
  const pair = COUNTED[noun];
  return pair && pick(pair, lang);
};
const quoteFr = (s: string) => `« ${s} »`;

/** (b) Our dynamic messages (template literals): the captured values are put back as they are. */
export const RULES: readonly Rule[] = [
  // a journey's event entry (journey-entry.ts)
  [
    /^is not one of the app’s events \(“(.+)”\)$/,
    (n) => `n’est pas un des événements de l’application (${quoteFr(n)})`,
    (n) => `不是应用的事件（“${n}”）`,
  ],
  [
    /^is not a property of “(.+)” \(“(.+)”\)$/,
    (e, k) => `n’est pas une propriété de ${quoteFr(e)} (${quoteFr(k)})`,
    (e, k) => `不是“${e}”的属性（“${k}”）`,
  ],
  [
    /^must be a (\S+)$/,
    (t) =>
      `doit être ${t === 'string' ? 'une chaîne' : t === 'number' ? 'un nombre' : t === 'boolean' ? 'un booléen' : t}`,
    (t) => `必须为${t === 'string' ? '字符串' : t === 'number' ? '数字' : t === 'boolean' ? '布尔值' : t}`,
  ],
  [
    /^must be 1 to (\S+) entries a day$/,
    (n) => `doit valoir de 1 à ${n} entrées par jour`,
    (n) => `须为每天 1 至 ${n} 次进入`,
  ],
  // personalised content: a template's problems (templates.ts)
  [
    /^uses the unknown variable (.+)$/,
    (v) => `utilise la variable inconnue ${v}`,
    (v) => `使用了未知变量 ${v}`,
  ],
  [
    /^uses the filter (.+), which is not allowed$/,
    (f) => `utilise le filtre ${f}, qui n’est pas autorisé`,
    (f) => `使用了不允许的过滤器 ${f}`,
  ],
  [
    /^uses the tag (.+): only \{\{ … \}\} outputs are allowed$/,
    (t) => `utilise la balise ${t} : seules les sorties {{ … }} sont autorisées`,
    (t) => `使用了标签 ${t}：只允许 {{ … }} 输出`,
  ],
  [
    /^is not a valid template: (.+)$/,
    (d) => `n’est pas un modèle valide : ${d}`,
    (d) => `不是有效的模板：${d}`,
  ],
  // lengths and bounds
  [
    /^must be at most (\S+) characters$/,
    (n) => `doit contenir au plus ${n} caractères`,
    (n) => `最多 ${n} 个字符`,
  ],
  [
    /^must be at most (\S+) characters once encoded \(FCM carries 4 KB of data in all\)$/,
    (n) => `doit contenir au plus ${n} caractères après encodage (FCM transporte 4 Ko de données en tout)`,
    (n) => `编码后最多 ${n} 个字符（FCM 总共只能携带 4 KB 数据）`,
  ],
  [
    /^must be at most (\S+) % \(the variants share the audience\)$/,
    (n) => `doit valoir au plus ${n} % (les variantes se partagent l’audience)`,
    (n) => `最多为 ${n} %（各变体共享目标人群）`,
  ],
  [
    /^must be at most (\S+) % with (\S+) variants \(together at most 100 %\)$/,
    (n, k) => `doit valoir au plus ${n} % avec ${k} variantes (au plus 100 % en tout)`,
    (n, k) => `${k} 个变体时最多为 ${n} %（合计不超过 100 %）`,
  ],
  [
    /^must hold (\S+) to (\S+) variants$/,
    (a, b) => `doit contenir de ${a} à ${b} variantes`,
    (a, b) => `必须包含 ${a} 至 ${b} 个变体`,
  ],
  [
    /^must be from (\S+) to (\S+) hours$/,
    (a, b) => `doit être de ${a} à ${b} heures`,
    (a, b) => `必须为 ${a} 至 ${b} 小时`,
  ],
  [
    /^must be (\S+): the variants are (.+) in order$/,
    (t, all) => `doit être ${t} : les variantes sont ${all}, dans cet ordre`,
    (t, all) => `必须为 ${t}：变体依次为 ${all}`,
  ],
  // a custom event's property whose type its name fixed on first use (contracts/custom-events.ts)
  [
    /^must be a (string|number|boolean), as first reported$/,
    (t) => `doit être de type ${t}, comme lors de son premier envoi`,
    (t) => `必须为 ${t} 类型，与首次上报一致`,
  ],
  [/^must be at least (\S+) %$/, (n) => `doit valoir au moins ${n} %`, (n) => `至少为 ${n} %`],
  [
    /^must be 0 \(no limit\) or (\S+)–(\S+) a second$/,
    (a, b) => `doit valoir 0 (sans limite) ou de ${a} à ${b} par seconde`,
    (a, b) => `须为 0（不限速）或每秒 ${a}–${b} 条`,
  ],
  [
    /^must be 0 \(off\) or (\S+)–(\S+) days$/,
    (a, b) => `doit valoir 0 (désactivé) ou de ${a} à ${b} jours`,
    (a, b) => `须为 0（关闭）或 ${a}–${b} 天`,
  ],
  [
    /^must list at most (\S+) advertising ids$/,
    (n) => `doit contenir au plus ${n} identifiants publicitaires`,
    (n) => `最多 ${n} 个广告 ID`,
  ],
  [
    /^must hold at most (\S+) (strings|attributes)$/,
    (n, what) => `doit contenir au plus ${n} ${what === 'strings' ? 'chaînes' : 'attributs'}`,
    (n, what) => `最多包含 ${n} 个${what === 'strings' ? '字符串' : '属性'}`,
  ],
  [
    /^must be a string of at most (\S+) characters$/,
    (n) => `doit être une chaîne d’au plus ${n} caractères`,
    (n) => `必须为最多 ${n} 个字符的字符串`,
  ],
  [
    /^is a new attribute past the app’s limit of (\S+) attributes$/,
    (n) => `est un nouvel attribut au-delà de la limite de ${n} attributs de l’application`,
    (n) => `是新属性，超出了应用 ${n} 个属性的上限`,
  ],
  [
    /^must hold at most (\S+) caps$/,
    (n) => `doit compter au plus ${n} plafonds`,
    (n) => `最多 ${n} 个频次上限`,
  ],
  [/^must be at most (\S+)$/, (n) => `doit valoir au plus ${n}`, (n) => `最多为 ${n}`],
  [/^must be at least (\S+)$/, (n) => `doit valoir au moins ${n}`, (n) => `至少为 ${n}`],
  [
    /^must be (\S+) to (\S+) (characters|days|hours)$/,
    (a, b, unit = '') =>
      unit === 'characters'
        ? `doit contenir de ${a} à ${b} caractères`
        : `doit être de ${a} à ${b} ${counted(unit, 'fr')}`,
    (a, b, unit = '') => `必须为 ${a} 至 ${b} ${counted(unit, 'zh')}`,
  ],
  [
    /^must be a number from (\S+) to (\S+)$/,
    (a, b) => `doit être un nombre de ${a} à ${b}`,
    (a, b) => `必须为 ${a} 至 ${b} 的数字`,
  ],
  [
    /^must be a whole number from (\S+) to (\S+) \(0: no limit\)$/,
    (a, b) => `doit être un nombre entier de ${a} à ${b} (0 : sans limite)`,
    (a, b) => `必须为 ${a} 至 ${b} 的整数（0：不限）`,
  ],
  [
    /^must be a whole number from (\S+) to (\S+)$/,
    (a, b) => `doit être un nombre entier de ${a} à ${b}`,
    (a, b) => `必须为 ${a} 至 ${b} 的整数`,
  ],
  [
    /^must be an integer from (\S+) to (\S+)$/,
    (a, b) => `doit être un entier de ${a} à ${b}`,
    (a, b) => `必须为 ${a} 至 ${b} 的整数`,
  ],
  [
    /^must be a window of (.+) days$/,
    (list) => `doit être une période de ${list} jours`,
    (list) => `必须为 ${list} 天的时间窗口`,
  ],

  // lists
  [
    /^must hold at most the last (\S+) messages$/,
    (n) => `doit contenir au plus les ${n} derniers messages`,
    (n) => `最多包含最近 ${n} 条消息`,
  ],
  [
    /^must hold at (most|least) (\S+) (\w+)$/,
    (bound, n, noun = '') => {
      const what = counted(noun, 'fr');
      return what && `doit contenir au ${bound === 'most' ? 'plus' : 'moins'} ${n} ${what}`;
    },
    (bound, n, noun = '') => {
      const what = counted(noun, 'zh');
      return what && `${bound === 'most' ? '最多' : '至少'}包含 ${n} ${what}`;
    },
  ],
  [
    /^must name at (most|least) (\S+) (\w+)$/,
    (bound, n, noun = '') => {
      const what = counted(noun, 'fr');
      return what && `doit indiquer au ${bound === 'most' ? 'plus' : 'moins'} ${n} ${what}`;
    },
    (bound, n, noun = '') => {
      const what = counted(noun, 'zh');
      return what && `${bound === 'most' ? '最多' : '至少'}指定 ${n} ${what}`;
    },
  ],

  // choices
  [
    /^must be one of (.+) for (\S+)$/,
    (list, label) => `doit valoir l’une des valeurs suivantes pour ${label} : ${list}`,
    (list, label) => `对于 ${label} 必须为以下值之一：${list}`,
  ],
  [
    /^must be one of (.+)$/,
    (list) => `doit valoir l’une des valeurs suivantes : ${list}`,
    (list) => `必须为以下值之一：${list}`,
  ],
  [
    /^must be (\d+) for material type (\S+)$/,
    (n, type) => `doit valoir ${n} pour le type de contenu ${type}`,
    (n, type) => `在素材类型 ${type} 下必须为 ${n}`,
  ],
  [
    /^must be (\d+ \(.+\))$/,
    (list) => `doit valoir ${choices(list, 'fr')}`,
    (list) => `必须为 ${choices(list, 'zh')}`,
  ],
  [
    /^is required: (\d+ \(.+\))$/,
    (list) => `est obligatoire : ${choices(list, 'fr')}`,
    (list) => `为必填项：${choices(list, 'zh')}`,
  ],
  [
    /^is required for material type (.+)$/,
    (list) => `est obligatoire pour le type de contenu ${choices(list, 'fr')}`,
    (list) => `在素材类型${zhAround(choices(list, 'zh'))}下为必填项`,
  ],
  [
    /^is only for material type(s?) (.+)$/,
    (plural, list = '') =>
      `ne s’applique qu’${plural ? 'aux types' : 'au type'} de contenu ${choices(list, 'fr')}`,
    (_plural, list = '') => `仅适用于素材类型 ${choices(list, 'zh')}`,
  ],

  // conditions
  [
    /^must be one of (.+) for an event$/,
    (ops) => `doit valoir l’une des valeurs suivantes pour un événement : ${ops}`,
    (ops) => `对于事件必须为以下值之一：${ops}`,
  ],
  [
    /^must be one of (.+) for a (\S+) attribute$/,
    (ops, type) => `doit valoir l’une des valeurs suivantes pour un attribut ${type} : ${ops}`,
    (ops, type) => `对于 ${type} 属性必须为以下值之一：${ops}`,
  ],
  [/^must be empty for (\S+)$/, (op) => `doit être vide pour ${op}`, (op) => `对于 ${op} 必须为空`],
  [
    /^must hold two values for (\S+)$/,
    (op) => `doit contenir deux valeurs pour ${op}`,
    (op) => `对于 ${op} 必须包含两个值`,
  ],
  [
    /^must be a count from (\S+) to (\S+)$/,
    (a, b) => `doit être un nombre de fois de ${a} à ${b}`,
    (a, b) => `必须为 ${a} 至 ${b} 的次数`,
  ],
  [
    /^must be a number of days from (\S+) to (\S+)$/,
    (a, b) => `doit être un nombre de jours de ${a} à ${b}`,
    (a, b) => `必须为 ${a} 至 ${b} 的天数`,
  ],
  [
    /^must be (\S+), the attribute’s type$/,
    (type) => `doit valoir ${type}, le type de l’attribut`,
    (type) => `必须为 ${type}，即该属性的类型`,
  ],
  [
    /^must hold one value for (\S+)$/,
    (op) => `doit contenir une seule valeur pour ${op}`,
    (op) => `对于 ${op} 只能包含一个值`,
  ],
  [
    /^cannot select all for (.+)$/,
    (label) => `ne permet pas de tout sélectionner pour ${label}`,
    (label) => `对于 ${label} 不能选择全部`,
  ],
  [
    /^cannot be combined with (.+)$/,
    (other) => `ne peut pas être combiné avec ${other}`,
    (other) => `不能与 ${other} 同时使用`,
  ],

  // keys and countries
  [
    /^must not hold the keys the message sets itself: (.+)$/,
    (keys) => `ne doit pas contenir les clés que le message définit lui-même : ${keys}`,
    (keys) => `不能包含消息自身设置的键：${keys}`,
  ],
  [
    /^must not hold the reserved keys (.+)$/,
    (keys) => `ne doit pas contenir les clés réservées ${keys}`,
    (keys) => `不能包含保留键 ${keys}`,
  ],
  [
    /^must not also be in (pushCountrySet|"[^"]*"): (.+)$/,
    (field, codes) => `ne doit pas figurer aussi dans ${field} : ${codes}`,
    (field, codes) => `不能同时出现在 ${field} 中：${codes}`,
  ],
  [
    /^must be a JSON object: (.+) at line (\d+), column (\d+)$/,
    (message = '', line, column) =>
      `doit être un objet JSON : ${jsonSyntax(message, 'fr')} à la ligne ${line}, colonne ${column}`,
    (message = '', line, column) =>
      `必须为 JSON 对象：${jsonSyntax(message, 'zh')}（第 ${line} 行，第 ${column} 列）`,
  ],

  // forbidden windows
  [
    /^repeats the window ([^\s–]+)–([^\s–]+)$/,
    (start, end) => `répète la plage ${start}–${end}`,
    (start, end) => `与时段 ${start}–${end} 重复`,
  ],

  // journeys
  [
    /^must be unique: step (\d+) is also “(.*)”$/,
    (step, tag = '') => `doit être unique : l’étape ${step} s’appelle aussi ${quoteFr(tag)}`,
    (step, tag) => `必须唯一：步骤 ${step} 也叫“${tag}”`,
  ],
  [
    /^names no step \(“(.*)”\)$/,
    (from = '') => `ne désigne aucune étape (${quoteFr(from)})`,
    (from) => `未指向任何步骤（“${from}”）`,
  ],
  [
    /^must be a step listed before this one \(“(.*)” comes later\)$/,
    (from = '') => `doit être une étape placée avant celle-ci (${quoteFr(from)} vient après)`,
    (from) => `必须是排在此步骤之前的步骤（“${from}”在后面）`,
  ],
  [
    /^must be at least the wait of step (\d+) \(the residue takes what the other branches leave\)$/,
    (step) =>
      `doit être au moins égal à l’attente de l’étape ${step} (le reste reçoit ce que les autres branches laissent)`,
    (step) => `不能短于步骤 ${step} 的等待时间（剩余分支接收其他分支剩下的用户）`,
  ],
  [
    /^“everyone” must be the only branch of “(.*)”$/,
    (source = '') => `${quoteFr('everyone')} doit être la seule branche de ${quoteFr(source)}`,
    (source) => `“everyone”必须是“${source}”的唯一分支`,
  ],
  [
    /^“(.*)” already has a “(.*)” branch$/,
    (source = '', outcome = '') => `${quoteFr(source)} a déjà une branche ${quoteFr(outcome)}`,
    (source, outcome) => `“${source}”已有“${outcome}”分支`,
  ],
];
