/**
 * Sentence fragments for synthetic (benchmark) articles: a headline is
 * "<city>: <subject> <predicate> <tail>". Arabic predicates are written in
 * the masculine present tense; the feminine form swaps the leading ي for ت.
 * French subjects are all singular, so predicates need no agreement.
 */
import type { Bi, MasterKey } from './types.ts';

interface Subject {
  ar: string;
  fr: string;
  /** Arabic grammatical gender of the subject. */
  f: boolean;
}

export interface Fragments {
  subjects: Subject[];
  /** Arabic: masculine present-tense phrase. */
  predicates: Bi[];
  /** Tag slugs suited to the section. */
  tags: string[];
}

/** Appended as is to the headline (each starts with its separator). */
export const TAILS: readonly Bi[] = [
  { ar: '', fr: '' },
  { ar: ' خلال الأسبوع الجاري', fr: ' cette semaine' },
  { ar: ' في أفق السنة المقبلة', fr: " d'ici l'an prochain" },
  { ar: ' بشراكة مع المجتمع المدني', fr: ' en partenariat avec la société civile' },
  { ar: ' قبل نهاية الشهر', fr: ' avant la fin du mois' },
  { ar: ' وسط ترحيب السكان', fr: ', à la satisfaction des habitants' },
  { ar: ' في خطوة غير مسبوقة', fr: ', une première' },
];

export const feminine = (m: string): string => (m.startsWith('ي') ? `ت${m.slice(1)}` : m);

export const FRAGMENTS: Record<MasterKey, Fragments> = {
  actualite: {
    subjects: [
      { ar: 'الحكومة', fr: 'le gouvernement', f: true },
      { ar: 'وزارة الداخلية', fr: "le ministère de l'Intérieur", f: true },
      { ar: 'الولاية', fr: 'la wilaya', f: true },
      { ar: 'المجلس الجماعي', fr: 'le conseil communal', f: false },
      { ar: 'المديرية العامة للأمن الوطني', fr: 'la DGSN', f: true },
      { ar: 'الوقاية المدنية', fr: 'la protection civile', f: true },
      { ar: 'العمالة', fr: 'la préfecture', f: true },
      { ar: 'مجلس الجهة', fr: 'le conseil régional', f: false },
    ],
    predicates: [
      { ar: 'يطلق حملة تحسيسية واسعة', fr: 'lance une vaste campagne de sensibilisation' },
      { ar: 'يعلن عن إجراءات جديدة لفائدة المواطنين', fr: 'annonce de nouvelles mesures pour les citoyens' },
      { ar: 'يعقد اجتماعا طارئا لتتبع الوضع', fr: "tient une réunion d'urgence pour suivre la situation" },
      { ar: 'يكشف حصيلة الأشهر الأخيرة', fr: 'dévoile le bilan des derniers mois' },
      { ar: 'يعبئ موارد إضافية لمواجهة الطوارئ', fr: 'mobilise des moyens supplémentaires face aux urgences' },
      { ar: 'يفتح باب الحوار مع الفاعلين المحليين', fr: 'ouvre le dialogue avec les acteurs locaux' },
      { ar: 'يعزز المراقبة على الطرق الرئيسية', fr: 'renforce les contrôles sur les grands axes' },
      { ar: 'يطلق منصة رقمية جديدة للمرتفقين', fr: 'lance une nouvelle plateforme numérique pour les usagers' },
      { ar: 'يقدم برنامج عمل السنة المقبلة', fr: "présente son programme d'action pour l'an prochain" },
      { ar: 'يدعو إلى اليقظة بسبب التقلبات الجوية', fr: 'appelle à la vigilance face aux intempéries' },
    ],
    tags: ['intemperies', 'securite', 'gouvernement', 'numerique', 'transport'],
  },
  societe: {
    subjects: [
      { ar: 'المديرية الجهوية للصحة', fr: 'la direction régionale de la santé', f: true },
      { ar: 'الأكاديمية الجهوية للتربية والتكوين', fr: "l'académie régionale d'éducation", f: true },
      { ar: 'المبادرة الوطنية للتنمية البشرية', fr: "l'INDH", f: true },
      { ar: 'جمعية محلية', fr: 'une association locale', f: true },
      { ar: 'المستشفى الإقليمي', fr: "l'hôpital provincial", f: false },
      { ar: 'التعاون الوطني', fr: "l'Entraide nationale", f: false },
      { ar: 'الجامعة', fr: "l'université", f: true },
      { ar: 'مركز للتكوين المهني', fr: 'un centre de formation professionnelle', f: false },
    ],
    predicates: [
      { ar: 'يطلق قافلة طبية لفائدة سكان الدواوير', fr: 'lance une caravane médicale pour les habitants des douars' },
      { ar: 'يفتتح فضاء جديدا للأطفال واليافعين', fr: 'inaugure un nouvel espace pour les enfants et les adolescents' },
      { ar: 'يوزع لوازم مدرسية على التلاميذ المعوزين', fr: 'distribue des fournitures scolaires aux élèves démunis' },
      { ar: 'يعزز برامج الدعم المدرسي', fr: 'renforce ses programmes de soutien scolaire' },
      { ar: 'ينظم حملة للكشف المبكر عن سرطان الثدي', fr: 'organise une campagne de dépistage du cancer du sein' },
      { ar: 'يطلق تكوينات جديدة لفائدة الشباب', fr: 'lance de nouvelles formations pour les jeunes' },
      { ar: 'يواكب النساء في وضعية هشاشة', fr: 'accompagne les femmes en situation de vulnérabilité' },
      { ar: 'يفتتح فضاء جديدا لاستقبال المسنين', fr: 'ouvre un nouvel espace d’accueil pour les personnes âgées' },
      { ar: 'يدعم ولوج الأشخاص في وضعية إعاقة إلى الخدمات', fr: "facilite l'accès des personnes handicapées aux services" },
      { ar: 'يحتفي بالتلاميذ المتفوقين', fr: "célèbre les élèves les plus méritants" },
    ],
    tags: ['sante-publique', 'enseignement', 'emploi', 'monde-rural'],
  },
  economie: {
    subjects: [
      { ar: 'المركز الجهوي للاستثمار', fr: "le centre régional d'investissement", f: false },
      { ar: 'غرفة التجارة والصناعة والخدمات', fr: 'la chambre de commerce et d’industrie', f: true },
      { ar: 'مجموعة صناعية', fr: 'un groupe industriel', f: true },
      { ar: 'المديرية الجهوية للفلاحة', fr: "la direction régionale de l'agriculture", f: true },
      { ar: 'تعاونية فلاحية', fr: 'une coopérative agricole', f: true },
      { ar: 'قطاع السياحة', fr: 'le secteur touristique', f: false },
      { ar: 'مقاولة ناشئة', fr: 'une start-up', f: true },
      { ar: 'الميناء', fr: 'le port', f: false },
    ],
    predicates: [
      { ar: 'يسجل نموا ملحوظا في رقم المعاملات', fr: "enregistre une nette hausse de son chiffre d'affaires" },
      { ar: 'يعلن عن استثمار جديد بمئات الملايين من الدراهم', fr: 'annonce un nouvel investissement de plusieurs centaines de millions de dirhams' },
      { ar: 'يوقع اتفاقية شراكة لدعم المقاولات الصغرى', fr: 'signe une convention pour soutenir les TPE' },
      { ar: 'يطلق برنامجا لتشغيل الشباب', fr: "lance un programme d'emploi des jeunes" },
      { ar: 'يفتح أسواقا جديدة للتصدير', fr: "ouvre de nouveaux marchés à l'export" },
      { ar: 'يراهن على الطاقات المتجددة', fr: 'mise sur les énergies renouvelables' },
      { ar: 'يواجه ارتفاع تكاليف الإنتاج', fr: 'fait face à la hausse des coûts de production' },
      { ar: 'يحقق موسما استثنائيا', fr: 'réalise une saison exceptionnelle' },
      { ar: 'يعتمد الرقمنة لتبسيط المساطر', fr: 'mise sur le numérique pour simplifier les démarches' },
      { ar: 'ينظم ملتقى للأعمال', fr: "organise une rencontre d'affaires" },
    ],
    tags: ['emploi', 'tourisme', 'energies-renouvelables', 'monde-rural', 'bourse', 'pouvoir-d-achat'],
  },
  sport: {
    subjects: [
      { ar: 'المنتخب الوطني لأقل من 20 سنة', fr: 'la sélection des moins de 20 ans', f: false },
      { ar: 'العصبة الجهوية لكرة القدم', fr: 'la ligue régionale de football', f: true },
      { ar: 'نادي المدينة', fr: 'le club de la ville', f: false },
      { ar: 'الجامعة الملكية المغربية لألعاب القوى', fr: "la Fédération royale marocaine d'athlétisme", f: true },
      { ar: 'المنتخب النسوي', fr: 'la sélection féminine', f: false },
      { ar: 'فريق كرة السلة المحلي', fr: "l'équipe locale de basket-ball", f: false },
      { ar: 'المدرسة الوطنية لكرة المضرب', fr: 'l’école nationale de tennis', f: true },
      { ar: 'نادي الملاكمة', fr: 'le club de boxe', f: false },
    ],
    predicates: [
      { ar: 'يحقق فوزا ثمينا خارج الديار', fr: "décroche une précieuse victoire à l'extérieur" },
      { ar: 'يستعد لمنافسات البطولة القارية', fr: 'prépare le championnat continental' },
      { ar: 'يكشف عن مواهب جديدة', fr: 'dévoile de nouveaux talents' },
      { ar: 'ينظم دوريا لفائدة الفئات الصغرى', fr: 'organise un tournoi pour les jeunes catégories' },
      { ar: 'يتأهل إلى الدور المقبل', fr: 'se qualifie pour le tour suivant' },
      { ar: 'يدخل معسكرا تدريبيا مغلقا', fr: 'entame un stage de préparation fermé' },
      { ar: 'يتعاقد مع مدرب جديد', fr: 'engage un nouvel entraîneur' },
      { ar: 'يتوج بلقب البطولة الوطنية', fr: 'remporte le titre national' },
      { ar: 'يحصد ثلاث ميداليات في ملتقى دولي', fr: 'rafle trois médailles lors d’un meeting international' },
      { ar: 'يستقبل منافسه في قمة الجولة', fr: "reçoit son rival pour l'affiche de la journée" },
    ],
    tags: ['botola-pro', 'lions-de-l-atlas', 'athletisme', 'football-feminin', 'mondial-2030'],
  },
  culture: {
    subjects: [
      { ar: 'المسرح البلدي', fr: 'le théâtre municipal', f: false },
      { ar: 'دار الثقافة', fr: 'la maison de la culture', f: true },
      { ar: 'المعهد الموسيقي', fr: 'le conservatoire', f: false },
      { ar: 'المتحف الجهوي', fr: 'le musée régional', f: false },
      { ar: 'مهرجان المدينة', fr: 'le festival de la ville', f: false },
      { ar: 'المكتبة الوسائطية', fr: 'la médiathèque', f: true },
      { ar: 'فرقة مسرحية شابة', fr: 'une jeune troupe de théâtre', f: true },
      { ar: 'جمعية للتراث', fr: 'une association du patrimoine', f: true },
    ],
    predicates: [
      { ar: 'يكرم رواد الأغنية المغربية', fr: 'rend hommage aux pionniers de la chanson marocaine' },
      { ar: 'يقدم عرضا جديدا للجمهور', fr: 'présente une nouvelle création au public' },
      { ar: 'يحتفي بالتراث الأمازيغي', fr: "célèbre le patrimoine amazigh" },
      { ar: 'يفتتح معرضا للفنون التشكيلية', fr: "inaugure une exposition d'arts plastiques" },
      { ar: 'ينظم ورشات للكتابة لفائدة الشباب', fr: "organise des ateliers d'écriture pour les jeunes" },
      { ar: 'يبرمج ليالي للسينما في الهواء الطلق', fr: 'programme des nuits de cinéma en plein air' },
      { ar: 'يستضيف فنانين من إفريقيا وأوروبا', fr: "accueille des artistes d'Afrique et d'Europe" },
      { ar: 'يعيد اكتشاف المخطوطات القديمة', fr: 'redécouvre des manuscrits anciens' },
      { ar: 'يطلق موسما ثقافيا غنيا', fr: 'lance une saison culturelle riche' },
      { ar: 'يحتفي بفن الملحون', fr: "célèbre l'art du malhoun" },
    ],
    tags: ['festivals', 'cinema-marocain', 'chanson-marocaine', 'arts-plastiques', 'artisanat'],
  },
  monde: {
    subjects: [
      { ar: 'الدبلوماسية المغربية', fr: 'la diplomatie marocaine', f: true },
      { ar: 'وفد مغربي', fr: 'une délégation marocaine', f: false },
      { ar: 'القنصلية العامة', fr: 'le consulat général', f: true },
      { ar: 'الوكالة المغربية للتعاون الدولي', fr: "l'Agence marocaine de coopération internationale", f: true },
      { ar: 'الجالية المغربية', fr: 'la communauté marocaine', f: true },
      { ar: 'منتدى اقتصادي دولي', fr: 'un forum économique international', f: false },
      { ar: 'بعثة تجارية', fr: 'une mission commerciale', f: true },
      { ar: 'الاتحاد الإفريقي', fr: "l'Union africaine", f: false },
    ],
    predicates: [
      { ar: 'يبحث سبل تعزيز التعاون الثنائي', fr: 'examine les moyens de renforcer la coopération bilatérale' },
      { ar: 'يشارك في قمة دولية حول المناخ', fr: 'participe à un sommet international sur le climat' },
      { ar: 'يوقع مذكرة تفاهم في مجال التكوين', fr: "signe un mémorandum d'entente sur la formation" },
      { ar: 'يدعو إلى تعزيز التعاون جنوب-جنوب', fr: 'plaide pour la coopération Sud-Sud' },
      { ar: 'ينظم لقاء مع المستثمرين', fr: 'organise une rencontre avec les investisseurs' },
      { ar: 'يحتفي بالثقافة المغربية', fr: 'célèbre la culture marocaine' },
      { ar: 'يطلق مشاريع تنموية جديدة', fr: 'lance de nouveaux projets de développement' },
      { ar: 'يستقبل وفدا رسميا رفيع المستوى', fr: 'reçoit une délégation officielle de haut niveau' },
      { ar: 'يعزز الحضور المغربي في الأسواق الإفريقية', fr: 'renforce la présence marocaine sur les marchés africains' },
      { ar: 'يقدم مساعدات إنسانية عاجلة', fr: "apporte une aide humanitaire d'urgence" },
    ],
    tags: ['diplomatie', 'energies-renouvelables', 'transport'],
  },
  regions: {
    subjects: [
      { ar: 'الجماعة', fr: 'la commune', f: true },
      { ar: 'المجلس الإقليمي', fr: 'le conseil provincial', f: false },
      { ar: 'شركة التنمية المحلية', fr: 'la société de développement local', f: true },
      { ar: 'الوكالة الحضرية', fr: "l'agence urbaine", f: true },
      { ar: 'مجلس العمالة', fr: 'le conseil préfectoral', f: false },
      { ar: 'السلطة الإقليمية', fr: "l'autorité provinciale", f: true },
      { ar: 'الوكالة المستقلة لتوزيع الماء والكهرباء', fr: "la régie de distribution d'eau et d'électricité", f: true },
      { ar: 'مكتب الشباب', fr: 'le bureau de la jeunesse', f: false },
    ],
    predicates: [
      { ar: 'يطلق أشغال تأهيل الأحياء الناقصة التجهيز', fr: 'lance la mise à niveau des quartiers sous-équipés' },
      { ar: 'يدشن طريقا جديدة لفك العزلة', fr: 'inaugure une nouvelle route de désenclavement' },
      { ar: 'يوسع شبكة الإنارة العمومية', fr: "étend le réseau d'éclairage public" },
      { ar: 'يحدث مساحات خضراء جديدة', fr: 'aménage de nouveaux espaces verts' },
      { ar: 'يصادق على مشاريع تنموية', fr: 'approuve des projets de développement' },
      { ar: 'يطلق برنامجا لتدبير النفايات', fr: 'lance un programme de gestion des déchets' },
      { ar: 'يعزز شبكة الماء الصالح للشرب', fr: "renforce le réseau d'eau potable" },
      { ar: 'يهيئ سوقا أسبوعيا جديدا', fr: 'aménage un nouveau souk hebdomadaire' },
      { ar: 'يفتتح مركبا سوسيو-رياضيا', fr: 'ouvre un complexe socio-sportif' },
      { ar: 'يطلق خطوطا جديدة للنقل الحضري', fr: 'lance de nouvelles lignes de transport urbain' },
    ],
    tags: ['regionalisation', 'environnement', 'ressources-en-eau', 'transport', 'immobilier'],
  },
};
