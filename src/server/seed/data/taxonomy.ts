import type { Bi, MasterKey } from './types.ts';

export interface MasterTagDef {
  route: MasterKey;
  name: Bi;
  children: { route: string; name: Bi }[];
}

/** Master tags (navigation sections) and their children. Route names are shared by both languages. */
export const MASTER_TAGS: readonly MasterTagDef[] = [
  {
    route: 'actualite',
    name: { ar: 'أخبار', fr: 'Actualité' },
    children: [
      { route: 'politique', name: { ar: 'سياسة', fr: 'Politique' } },
      { route: 'meteo', name: { ar: 'طقس', fr: 'Météo' } },
    ],
  },
  {
    route: 'societe',
    name: { ar: 'مجتمع', fr: 'Société' },
    children: [
      { route: 'education', name: { ar: 'تعليم', fr: 'Éducation' } },
      { route: 'sante', name: { ar: 'صحة', fr: 'Santé' } },
    ],
  },
  {
    route: 'economie',
    name: { ar: 'اقتصاد', fr: 'Économie' },
    children: [
      { route: 'entreprises', name: { ar: 'مقاولات', fr: 'Entreprises' } },
      { route: 'agriculture', name: { ar: 'فلاحة', fr: 'Agriculture' } },
    ],
  },
  {
    route: 'sport',
    name: { ar: 'رياضة', fr: 'Sport' },
    children: [
      { route: 'football', name: { ar: 'كرة القدم', fr: 'Football' } },
      { route: 'athletisme', name: { ar: 'ألعاب القوى', fr: 'Athlétisme' } },
    ],
  },
  {
    route: 'culture',
    name: { ar: 'ثقافة', fr: 'Culture' },
    children: [
      { route: 'cinema', name: { ar: 'سينما', fr: 'Cinéma' } },
      { route: 'musique', name: { ar: 'موسيقى', fr: 'Musique' } },
    ],
  },
  {
    route: 'monde',
    name: { ar: 'العالم', fr: 'Monde' },
    children: [
      { route: 'afrique', name: { ar: 'إفريقيا', fr: 'Afrique' } },
      { route: 'europe', name: { ar: 'أوروبا', fr: 'Europe' } },
    ],
  },
  {
    route: 'regions',
    name: { ar: 'جهات', fr: 'Régions' },
    children: [
      { route: 'casablanca-settat', name: { ar: 'الدار البيضاء - سطات', fr: 'Casablanca-Settat' } },
      { route: 'marrakech-safi', name: { ar: 'مراكش - آسفي', fr: 'Marrakech-Safi' } },
      { route: 'souss-massa', name: { ar: 'سوس - ماسة', fr: 'Souss-Massa' } },
    ],
  },
];

export interface TagDef {
  slug: string;
  name: Bi;
  description: Bi;
  tenders?: boolean;
}

export const TAGS: readonly TagDef[] = [
  { slug: 'botola-pro', name: { ar: 'البطولة الاحترافية', fr: 'Botola Pro' }, description: { ar: 'أخبار ونتائج البطولة الوطنية الاحترافية لكرة القدم.', fr: 'Actualité et résultats du championnat national de football.' } },
  { slug: 'lions-de-l-atlas', name: { ar: 'أسود الأطلس', fr: "Lions de l'Atlas" }, description: { ar: 'كل ما يخص المنتخب الوطني المغربي لكرة القدم.', fr: "Tout sur l'équipe nationale marocaine de football." } },
  { slug: 'mondial-2030', name: { ar: 'مونديال 2030', fr: 'Mondial 2030' }, description: { ar: 'استعدادات المغرب لتنظيم كأس العالم 2030 مع إسبانيا والبرتغال.', fr: "Les préparatifs du Maroc pour la Coupe du monde 2030, coorganisée avec l'Espagne et le Portugal." } },
  { slug: 'seisme-al-haouz', name: { ar: 'زلزال الحوز', fr: "Séisme d'Al Haouz" }, description: { ar: 'متابعة برنامج إعادة البناء وتأهيل المناطق المتضررة.', fr: 'Le suivi du programme de reconstruction et de réhabilitation des zones sinistrées.' } },
  { slug: 'ressources-en-eau', name: { ar: 'الموارد المائية', fr: 'Ressources en eau' }, description: { ar: 'السدود وتحلية مياه البحر وترشيد الاستهلاك.', fr: "Barrages, dessalement de l'eau de mer et économies d'eau." } },
  { slug: 'tourisme', name: { ar: 'السياحة', fr: 'Tourisme' }, description: { ar: 'الوجهات والأرقام ومستجدات القطاع السياحي.', fr: 'Destinations, chiffres et actualité du secteur touristique.' } },
  { slug: 'energies-renouvelables', name: { ar: 'الطاقات المتجددة', fr: 'Énergies renouvelables' }, description: { ar: 'مشاريع الطاقة الشمسية والريحية والهيدروجين الأخضر.', fr: "Projets solaires, éoliens et d'hydrogène vert." } },
  { slug: 'emploi', name: { ar: 'التشغيل', fr: 'Emploi' }, description: { ar: 'سوق الشغل والتكوين وبرامج دعم الشباب.', fr: "Marché du travail, formation et programmes d'appui aux jeunes." } },
  { slug: 'enseignement', name: { ar: 'التعليم', fr: 'Enseignement' }, description: { ar: 'المدرسة والجامعة والتكوين المهني.', fr: 'École, université et formation professionnelle.' } },
  { slug: 'sante-publique', name: { ar: 'الصحة العمومية', fr: 'Santé publique' }, description: { ar: 'المستشفيات والتغطية الصحية وحملات الوقاية.', fr: 'Hôpitaux, couverture médicale et campagnes de prévention.' } },
  { slug: 'festivals', name: { ar: 'المهرجانات', fr: 'Festivals' }, description: { ar: 'مواعيد المهرجانات الفنية والثقافية عبر المملكة.', fr: 'Les rendez-vous artistiques et culturels à travers le Royaume.' } },
  { slug: 'cinema-marocain', name: { ar: 'السينما المغربية', fr: 'Cinéma marocain' }, description: { ar: 'الأفلام والمخرجون والتظاهرات السينمائية.', fr: 'Films, réalisateurs et manifestations cinématographiques.' } },
  { slug: 'transport', name: { ar: 'النقل', fr: 'Transport' }, description: { ar: 'القطارات والطرق السيارة والموانئ والمطارات.', fr: 'Trains, autoroutes, ports et aéroports.' } },
  { slug: 'immobilier', name: { ar: 'العقار', fr: 'Immobilier' }, description: { ar: 'السكن والأسعار وبرامج الدعم.', fr: "Logement, prix et programmes d'aide." } },
  { slug: 'intemperies', name: { ar: 'التقلبات الجوية', fr: 'Intempéries' }, description: { ar: 'النشرات الإنذارية والتساقطات وموجات الحر.', fr: "Bulletins d'alerte, précipitations et vagues de chaleur." } },
  { slug: 'diplomatie', name: { ar: 'الدبلوماسية', fr: 'Diplomatie' }, description: { ar: 'علاقات المغرب مع شركائه والزيارات الرسمية.', fr: 'Les relations du Maroc avec ses partenaires et les visites officielles.' } },
  { slug: 'monde-rural', name: { ar: 'العالم القروي', fr: 'Monde rural' }, description: { ar: 'الفلاحة والتنمية القروية وفك العزلة.', fr: 'Agriculture, développement rural et désenclavement.' } },
  { slug: 'artisanat', name: { ar: 'الصناعة التقليدية', fr: 'Artisanat' }, description: { ar: 'الحرفيون والمعارض وصون المهارات التقليدية.', fr: 'Artisans, salons et sauvegarde des savoir-faire.' } },
  { slug: 'numerique', name: { ar: 'الرقمنة', fr: 'Numérique' }, description: { ar: 'الخدمات الرقمية والمقاولات الناشئة والتكنولوجيا.', fr: 'Services numériques, start-up et technologies.' } },
  { slug: 'parlement', name: { ar: 'البرلمان', fr: 'Parlement' }, description: { ar: 'أشغال مجلسي النواب والمستشارين.', fr: 'Les travaux de la Chambre des représentants et de la Chambre des conseillers.' } },
  { slug: 'gouvernement', name: { ar: 'الحكومة', fr: 'Gouvernement' }, description: { ar: 'قرارات مجلس الحكومة والسياسات العمومية.', fr: 'Décisions du Conseil de gouvernement et politiques publiques.' } },
  { slug: 'securite', name: { ar: 'الأمن', fr: 'Sécurité' }, description: { ar: 'عمليات المصالح الأمنية وحصيلة حوادث السير.', fr: 'Opérations des services de sécurité et bilans routiers.' } },
  { slug: 'athletisme', name: { ar: 'ألعاب القوى', fr: 'Athlétisme' }, description: { ar: 'الملتقيات والبطولات وأبطال أم الألعاب.', fr: 'Meetings, championnats et champions de la discipline reine.' } },
  { slug: 'football-feminin', name: { ar: 'كرة القدم النسوية', fr: 'Football féminin' }, description: { ar: 'البطولة والمنتخب النسوي وكأس العرش.', fr: 'Championnat, sélection féminine et Coupe du Trône.' } },
  { slug: 'bourse', name: { ar: 'البورصة', fr: 'Bourse' }, description: { ar: 'مؤشرات وأداء بورصة الدار البيضاء.', fr: 'Indices et performances de la Bourse de Casablanca.' } },
  { slug: 'pouvoir-d-achat', name: { ar: 'القدرة الشرائية', fr: "Pouvoir d'achat" }, description: { ar: 'الأسعار والتضخم وميزانية الأسر.', fr: 'Prix, inflation et budget des ménages.' } },
  { slug: 'chanson-marocaine', name: { ar: 'الأغنية المغربية', fr: 'Chanson marocaine' }, description: { ar: 'الإصدارات الجديدة والحفلات والفنانون.', fr: 'Nouveautés, concerts et artistes.' } },
  { slug: 'arts-plastiques', name: { ar: 'الفنون التشكيلية', fr: 'Arts plastiques' }, description: { ar: 'المعارض والفنانون التشكيليون.', fr: 'Expositions et plasticiens.' } },
  { slug: 'programmes-2m', name: { ar: 'برامج دوزيم', fr: 'Programmes 2M' }, description: { ar: 'كواليس ونتائج برامج القناة.', fr: 'Coulisses et résultats des émissions de la chaîne.' } },
  { slug: 'regionalisation', name: { ar: 'الجهوية المتقدمة', fr: 'Régionalisation avancée' }, description: { ar: 'مجالس الجهات والجماعات والتنمية الترابية.', fr: 'Conseils régionaux, communes et développement territorial.' } },
  { slug: 'environnement', name: { ar: 'البيئة', fr: 'Environnement' }, description: { ar: 'المساحات الخضراء والتلوث والتغيرات المناخية.', fr: 'Espaces verts, pollution et changement climatique.' } },
  { slug: 'appels-d-offres', name: { ar: 'طلبات العروض', fr: "Appels d'offres" }, description: { ar: 'طلبات العروض والاستشارات التي تعلنها شركة صورياد دوزيم.', fr: "Les appels d'offres et consultations publiés par SOREAD 2M." }, tenders: true },
];

export interface AuthorDef {
  slug: string;
  name: Bi;
  role: Bi;
}

export const AUTHORS: readonly AuthorDef[] = [
  { slug: 'salma-benjelloun', name: { ar: 'سلمى بنجلون', fr: 'Salma Benjelloun' }, role: { ar: 'رئيسة التحرير', fr: 'Rédactrice en chef' } },
  { slug: 'youssef-el-amrani', name: { ar: 'يوسف العمراني', fr: 'Youssef El Amrani' }, role: { ar: 'صحفي رياضي', fr: 'Journaliste sportif' } },
  { slug: 'khadija-alaoui', name: { ar: 'خديجة العلوي', fr: 'Khadija Alaoui' }, role: { ar: 'صحفية بالقسم الاقتصادي', fr: 'Journaliste économique' } },
  { slug: 'mehdi-tazi', name: { ar: 'مهدي التازي', fr: 'Mehdi Tazi' }, role: { ar: 'صحفي بالقسم السياسي', fr: 'Journaliste politique' } },
  { slug: 'nadia-bennani', name: { ar: 'نادية بناني', fr: 'Nadia Bennani' }, role: { ar: 'صحفية ثقافية', fr: 'Journaliste culture' } },
  { slug: 'hamza-ouazzani', name: { ar: 'حمزة الوزاني', fr: 'Hamza Ouazzani' }, role: { ar: 'مراسل جهوي', fr: 'Correspondant régional' } },
  { slug: 'imane-chraibi', name: { ar: 'إيمان الشرايبي', fr: 'Imane Chraïbi' }, role: { ar: 'صحفية بقسم المجتمع', fr: 'Journaliste société' } },
  { slug: 'omar-berrada', name: { ar: 'عمر برادة', fr: 'Omar Berrada' }, role: { ar: 'صحفي بالقسم الدولي', fr: 'Journaliste international' } },
  { slug: 'fatima-zahra-idrissi', name: { ar: 'فاطمة الزهراء الإدريسي', fr: 'Fatima-Zahra Idrissi' }, role: { ar: 'رئيسة قسم الأخبار', fr: 'Cheffe du service actualité' } },
  { slug: 'anas-bouzidi', name: { ar: 'أنس البوزيدي', fr: 'Anas Bouzidi' }, role: { ar: 'صحفي متدرب', fr: 'Journaliste stagiaire' } },
];

/** Which authors usually cover which section (indexes into AUTHORS). */
export const AUTHORS_BY_MASTER: Record<MasterKey, number[]> = {
  actualite: [0, 3, 8, 9],
  societe: [6, 8, 9],
  economie: [2, 0],
  sport: [1, 9],
  culture: [4, 6],
  monde: [7, 3],
  regions: [5, 9, 6],
};

export interface DossierDef {
  slug: string;
  title: Bi;
  description: Bi;
}

export const DOSSIERS: readonly DossierDef[] = [
  {
    slug: 'mondial-2030',
    title: { ar: 'مونديال 2030: المغرب يستعد', fr: 'Mondial 2030 : le Maroc se prépare' },
    description: {
      ar: 'ملاعب جديدة وشبكات نقل ومشاريع إيواء: نتابع خطوة بخطوة ورش تنظيم كأس العالم 2030 الذي يحتضنه المغرب إلى جانب إسبانيا والبرتغال.',
      fr: "Nouveaux stades, réseaux de transport, capacité hôtelière : nous suivons pas à pas le chantier de la Coupe du monde 2030, que le Maroc coorganise avec l'Espagne et le Portugal.",
    },
  },
  {
    slug: 'reconstruction-al-haouz',
    title: { ar: 'زلزال الحوز: مسار إعادة الإعمار', fr: "Séisme d'Al Haouz : la reconstruction" },
    description: {
      ar: 'منذ زلزال شتنبر 2023، تتواصل أوراش إعادة بناء المساكن والمدارس والطرق في أقاليم الحوز وشيشاوة وتارودانت. شهادات ومعطيات من الميدان.',
      fr: "Depuis le séisme de septembre 2023, les chantiers de reconstruction des logements, des écoles et des routes se poursuivent dans les provinces d'Al Haouz, de Chichaoua et de Taroudant. Témoignages et chiffres du terrain.",
    },
  },
  {
    slug: 'defi-de-l-eau',
    title: { ar: 'الإجهاد المائي: تحدي الماء', fr: "Stress hydrique : le défi de l'eau" },
    description: {
      ar: 'سنوات من الجفاف دفعت المغرب إلى تسريع بناء السدود ومحطات تحلية مياه البحر والربط بين الأحواض المائية. ملف خاص حول معركة الماء.',
      fr: "Des années de sécheresse ont poussé le Maroc à accélérer la construction de barrages, de stations de dessalement et d'autoroutes de l'eau. Dossier spécial sur la bataille de l'eau.",
    },
  },
];
