import { fde } from '../text.ts';
import type { Bi, City, Person } from './types.ts';

interface EpisodeText {
  title: Bi;
  description: Bi;
}

interface EpisodeContext {
  n: number;
  city: City;
  city2: City;
  guest: Person;
}

export interface ProgrammeDef {
  slug: string;
  kind: 'emission' | 'serie' | 'film';
  title: Bi;
  description: Bi;
  /** Genre key (shown through the site's translations). */
  genre: string;
  schedule: Bi;
  /** Latin word drawn on the generated cover and poster. */
  artwork: string;
  season: number;
  episodes: number;
  /** Duration range in minutes. */
  minutes: [number, number];
  /** Days between two episodes (films: a single one). */
  every: number;
  /** Weekly programmes: the air day (0 = Sunday); null: Monday to Friday; films: days since broadcast. */
  weekday: number | null;
  /** Local air time, minutes after midnight. */
  airMinutes: number;
  episode(ctx: EpisodeContext): EpisodeText;
}

const DEBATES: readonly Bi[] = [
  { ar: 'الماء: هل نحن مستعدون لسنوات الجفاف المقبلة؟', fr: "Eau : sommes-nous prêts pour les prochaines années de sécheresse ?" },
  { ar: 'الشباب والشغل: أي حلول للبطالة؟', fr: 'Jeunes et emploi : quelles solutions contre le chômage ?' },
  { ar: 'مونديال 2030: أي إرث للمدن المغربية؟', fr: 'Mondial 2030 : quel héritage pour les villes marocaines ?' },
  { ar: 'القدرة الشرائية في مواجهة الغلاء', fr: "Le pouvoir d'achat face à la vie chère" },
  { ar: 'المدرسة العمومية: أين وصل الإصلاح؟', fr: "École publique : où en est la réforme ?" },
  { ar: 'الذكاء الاصطناعي: فرصة أم تهديد لسوق الشغل؟', fr: "Intelligence artificielle : chance ou menace pour l'emploi ?" },
  { ar: 'الحماية الاجتماعية: حصيلة مرحلية', fr: "Protection sociale : un bilan d'étape" },
  { ar: 'الطاقات المتجددة ورهان السيادة الطاقية', fr: 'Renouvelables et souveraineté énergétique' },
  { ar: 'الصحة العمومية بين الخصاص والانتظارات', fr: 'Santé publique : pénuries et attentes' },
  { ar: 'السكن: كيف نقرب الحلم من الأسر الشابة؟', fr: 'Logement : comment rapprocher le rêve des jeunes ménages ?' },
];

const MORNING: readonly Bi[] = [
  { ar: 'تغذية الأطفال في الفصل البارد', fr: "L'alimentation des enfants en hiver" },
  { ar: 'الصحة النفسية للمراهقين', fr: 'La santé mentale des adolescents' },
  { ar: 'أطباق تقليدية بلمسة عصرية', fr: 'Des plats traditionnels revisités' },
  { ar: 'تدبير ميزانية الأسرة', fr: 'Bien gérer le budget familial' },
  { ar: 'النوم الجيد وأسراره', fr: 'Les secrets d’un bon sommeil' },
  { ar: 'الرياضة بعد الأربعين', fr: 'Le sport après quarante ans' },
  { ar: 'حماية الأطفال على الإنترنت', fr: 'Protéger les enfants sur Internet' },
  { ar: 'الزربية المغربية: حكايات وألوان', fr: 'Le tapis marocain : histoires et couleurs' },
  { ar: 'الوقاية من أمراض القلب', fr: 'Prévenir les maladies cardiaques' },
  { ar: 'مشاريع صغيرة من البيت', fr: 'Lancer une petite activité depuis chez soi' },
];

const INQUIRIES: readonly Bi[] = [
  { ar: 'مسار قطعة الغيار المقلدة', fr: 'Sur la piste des pièces détachées contrefaites' },
  { ar: 'الهدر المدرسي في القرى الجبلية', fr: "Le décrochage scolaire dans les villages de montagne" },
  { ar: 'ماذا نأكل حقا؟ رحلة في سلاسل التوزيع', fr: "Que mange-t-on vraiment ? Voyage dans les circuits de distribution" },
  { ar: 'النصب الإلكتروني: الضحايا يتكلمون', fr: 'Arnaques en ligne : les victimes témoignent' },
  { ar: 'المياه الجوفية: استنزاف صامت', fr: 'Nappes phréatiques : un épuisement silencieux' },
  { ar: 'العمل الموسمي: وجوه وحكايات', fr: 'Travail saisonnier : visages et récits' },
  { ar: 'حوادث الشغل في أوراش البناء', fr: 'Accidents du travail sur les chantiers' },
  { ar: 'الأدوية: لماذا تختفي من الصيدليات؟', fr: 'Médicaments : pourquoi disparaissent-ils des pharmacies ?' },
];

const SYNOPSES: Record<string, readonly Bi[]> = {
  'dar-lbahja': [
    { ar: 'الحاجة زهور تجمع أبناءها لإعلان قرار سيقلب حياة العائلة.', fr: 'Hajja Zhour réunit ses enfants pour annoncer une décision qui va bouleverser la famille.' },
    { ar: 'عودة الابن الغائب من الخارج تثير الشكوك حول ماضيه.', fr: "Le retour du fils parti à l'étranger éveille les soupçons sur son passé." },
    { ar: 'خلاف حول بيع الرياض العائلي يقسم الإخوة.', fr: 'La vente du riad familial divise les frères et sœurs.' },
    { ar: 'سلمى تكتشف رسائل قديمة تكشف سرا دفينا.', fr: 'Salma découvre de vieilles lettres qui révèlent un secret enfoui.' },
    { ar: 'عرس في الدار يعيد الدفء إلى العلاقات المتوترة.', fr: 'Un mariage à la maison ravive des liens distendus.' },
    { ar: 'الحاجة زهور تواجه مرضها بشجاعة وسط قلق العائلة.', fr: "Hajja Zhour affronte la maladie avec courage, sous le regard inquiet des siens." },
  ],
  'bab-labhar': [
    { ar: 'عاصفة مفاجئة تحاصر قارب الصيد وطاقمه عرض البحر.', fr: 'Une tempête soudaine piège le chalutier et son équipage au large.' },
    { ar: 'إدريس يرفض بيع قاربه لمستثمر غريب عن المدينة.', fr: 'Driss refuse de vendre son bateau à un investisseur étranger à la ville.' },
    { ar: 'مهرجان الموسيقى يجلب إلى الصويرة وجها من الماضي.', fr: "Le festival de musique ramène à Essaouira un visage du passé." },
    { ar: 'نادية تفتح ورشة للخياطة رغم معارضة العائلة.', fr: "Nadia ouvre un atelier de couture malgré l'opposition de sa famille." },
    { ar: 'اختفاء غامض في الميناء يشغل الحي بأكمله.', fr: 'Une mystérieuse disparition au port agite tout le quartier.' },
    { ar: 'الأب والابن يتصالحان أخيرا على رصيف الميناء.', fr: 'Le père et le fils se réconcilient enfin sur le quai.' },
  ],
  'al-ghaliya': [
    { ar: 'الغالية تبدأ عملها في شركة كبرى بالدار البيضاء.', fr: 'Ghalia commence à travailler dans une grande entreprise de Casablanca.' },
    { ar: 'منافسة شرسة على منصب المديرة تكشف الوجوه الحقيقية.', fr: 'La course au poste de directrice révèle les vrais visages.' },
    { ar: 'الغالية تساعد جارتها المسنة في قضية إرث.', fr: "Ghalia aide sa vieille voisine dans une affaire d'héritage." },
    { ar: 'لقاء صدفة في الترامواي يغير مسار قصة حب.', fr: "Une rencontre fortuite dans le tramway change le cours d'une histoire d'amour." },
    { ar: 'سر قديم يهدد سمعة العائلة في الحي.', fr: 'Un vieux secret menace la réputation de la famille dans le quartier.' },
    { ar: 'الغالية تختار بين طموحها المهني وعائلتها.', fr: 'Ghalia doit choisir entre son ambition et sa famille.' },
  ],
};

const seriesEpisode = (slug: string) => (c: EpisodeContext): EpisodeText => {
  const list = SYNOPSES[slug] ?? [];
  const s = list[(c.n - 1) % list.length] ?? { ar: '', fr: '' };
  return {
    title: { ar: `الحلقة ${c.n}`, fr: `Épisode ${c.n}` },
    description: s,
  };
};

export const PROGRAMMES: readonly ProgrammeDef[] = [
  {
    slug: 'rachid-show',
    kind: 'emission',
    title: { ar: 'رشيد شو', fr: 'Rachid Show' },
    description: {
      ar: 'برنامج حواري ترفيهي يستضيف كل أسبوع نجوم الفن والرياضة والثقافة في أجواء مرحة، مع فقرات فكاهية ومفاجآت وأداء موسيقي مباشر.',
      fr: 'Le talk-show de divertissement qui reçoit chaque semaine des stars de la musique, du sport et de la culture, entre humour, surprises et live musical.',
    },
    genre: 'divertissement',
    schedule: { ar: 'كل سبت على الساعة 21:30', fr: 'Chaque samedi à 21h30' },
    artwork: 'RACHID SHOW',
    season: 9,
    episodes: 9,
    minutes: [75, 90],
    every: 7,
    weekday: 6,
    airMinutes: 21 * 60 + 30,
    episode: (c) => ({
      title: { ar: `الحلقة ${c.n}: ${c.guest.ar} ضيف${c.guest.female ? 'ة' : ''} البرنامج`, fr: `Épisode ${c.n} : ${c.guest.fr} invité${c.guest.female ? 'e' : ''} du Rachid Show` },
      description: {
        ar: `${c.guest.female ? 'تحل الفنانة' : 'يحل الفنان'} ${c.guest.ar} ضيف${c.guest.female ? 'ة' : 'ا'} على رشيد شو للحديث عن مسار${c.guest.female ? 'ها' : 'ه'} ومشاريع${c.guest.female ? 'ها' : 'ه'} الجديدة، في حلقة مليئة بالضحك والمفاجآت.`,
        fr: `${c.guest.fr} revient sur son parcours et ses projets dans un numéro plein de rires et de surprises.`,
      },
    }),
  },
  {
    slug: 'lalla-laaroussa',
    kind: 'emission',
    title: { ar: 'لالة العروسة', fr: 'Lalla Laaroussa' },
    description: {
      ar: 'برنامج المسابقات العائلي الذي يتنافس فيه أزواج من مختلف جهات المملكة للفوز بحفل زفاف وهدايا قيمة، في احتفاء بتقاليد العرس المغربي.',
      fr: "Le jeu familial où des couples venus de toutes les régions du Royaume s'affrontent pour remporter leur mariage et de beaux cadeaux, en célébrant les traditions des noces marocaines.",
    },
    genre: 'jeu',
    schedule: { ar: 'كل خميس على الساعة 21:30', fr: 'Chaque jeudi à 21h30' },
    artwork: 'LALLA LAAROUSSA',
    season: 18,
    episodes: 9,
    minutes: [80, 90],
    every: 7,
    weekday: 4,
    airMinutes: 21 * 60 + 30,
    episode: (c) => ({
      title: { ar: `الحلقة ${c.n}: أزواج من ${c.city.ar} و${c.city2.ar}`, fr: `Épisode ${c.n} : les couples ${fde(c.city.fr)} et ${fde(c.city2.fr)}` },
      description: {
        ar: `أزواج من ${c.city.ar} و${c.city2.ar} يخوضون اختبارات الطبخ والتقاليد والألعاب الجماعية أمام لجنة التحكيم والجمهور.`,
        fr: `Des couples ${fde(c.city.fr)} et ${fde(c.city2.fr)} relèvent les épreuves de cuisine, de traditions et de jeux collectifs devant le jury et le public.`,
      },
    }),
  },
  {
    slug: 'mais-encore',
    kind: 'emission',
    title: { ar: 'وماذا بعد؟', fr: 'Mais encore ?' },
    description: {
      ar: 'برنامج حواري أسبوعي يناقش قضايا الساعة السياسية والاقتصادية والاجتماعية مع مسؤولين وخبراء وفاعلين من المجتمع المدني.',
      fr: "Le magazine de débat hebdomadaire qui décrypte l'actualité politique, économique et sociale avec des responsables, des experts et des acteurs de la société civile.",
    },
    genre: 'debat',
    schedule: { ar: 'كل اثنين على الساعة 21:30', fr: 'Chaque lundi à 21h30' },
    artwork: 'MAIS ENCORE ?',
    season: 6,
    episodes: 9,
    minutes: [52, 60],
    every: 7,
    weekday: 1,
    airMinutes: 21 * 60 + 30,
    episode: (c) => {
      const d = DEBATES[(c.n - 1) % DEBATES.length] as Bi;
      return {
        title: { ar: `الحلقة ${c.n}: ${d.ar}`, fr: `Épisode ${c.n} : ${d.fr}` },
        description: {
          ar: `نقاش مفتوح حول «${d.ar}» بمشاركة مسؤولين وخبراء، مع روبورتاجات من ${c.city.ar} و${c.city2.ar}.`,
          fr: `Un débat ouvert, « ${d.fr} », avec des responsables et des experts, et des reportages tournés à ${c.city.fr} et à ${c.city2.fr}.`,
        },
      };
    },
  },
  {
    slug: 'sabahiyat-2m',
    kind: 'emission',
    title: { ar: 'صباحيات دوزيم', fr: 'Sabahiyat 2M' },
    description: {
      ar: 'المجلة الصباحية اليومية: صحة وتغذية وأسرة وثقافة وطبخ، مع ضيوف وخبراء يجيبون عن أسئلة المشاهدين.',
      fr: 'Le magazine matinal quotidien : santé, nutrition, famille, culture et cuisine, avec des invités et des experts qui répondent aux téléspectateurs.',
    },
    genre: 'magazine',
    schedule: { ar: 'من الاثنين إلى الجمعة على الساعة 07:00', fr: 'Du lundi au vendredi à 7h' },
    artwork: 'SABAHIYAT',
    season: 12,
    episodes: 10,
    minutes: [90, 90],
    every: 1,
    weekday: null,
    airMinutes: 7 * 60,
    episode: (c) => {
      const t = MORNING[(c.n - 1) % MORNING.length] as Bi;
      return {
        title: { ar: `صباحيات دوزيم: ${t.ar}`, fr: `Sabahiyat 2M : ${t.fr}` },
        description: {
          ar: `في حلقة اليوم: ${t.ar}، إلى جانب فقرة الطبخ وجولة في ${c.city.ar}.`,
          fr: `Au programme : ${t.fr.charAt(0).toLowerCase()}${t.fr.slice(1)}, la séquence cuisine et une balade à ${c.city.fr}.`,
        },
      };
    },
  },
  {
    slug: 'tahqiq',
    kind: 'emission',
    title: { ar: 'تحقيق', fr: 'Tahqiq' },
    description: {
      ar: 'مجلة التحقيقات الكبرى: فريق البرنامج ينتقل إلى الميدان لكشف خبايا قضايا تهم المواطن، بالصورة والشهادات والوثائق.',
      fr: "Le magazine des grandes enquêtes : l'équipe part sur le terrain pour éclairer les sujets qui touchent les citoyens, images, témoignages et documents à l'appui.",
    },
    genre: 'documentaire',
    schedule: { ar: 'كل ثلاثاء على الساعة 21:30', fr: 'Chaque mardi à 21h30' },
    artwork: 'TAHQIQ',
    season: 4,
    episodes: 8,
    minutes: [52, 58],
    every: 7,
    weekday: 2,
    airMinutes: 21 * 60 + 30,
    episode: (c) => {
      const t = INQUIRIES[(c.n - 1) % INQUIRIES.length] as Bi;
      return {
        title: t,
        description: {
          ar: `تحقيق ميداني بين ${c.city.ar} و${c.city2.ar}، بشهادات حصرية وآراء خبراء.`,
          fr: `Une enquête de terrain entre ${c.city.fr} et ${c.city2.fr}, avec des témoignages exclusifs et l'éclairage d'experts.`,
        },
      };
    },
  },
  {
    slug: 'dar-lbahja',
    kind: 'serie',
    title: { ar: 'دار البهجة', fr: 'Dar Lbahja' },
    description: {
      ar: 'ملحمة عائلية تدور أحداثها في رياض عريق بفاس، حيث تحاول الحاجة زهور الحفاظ على وحدة أبنائها في وجه الأسرار والخلافات.',
      fr: 'Une saga familiale dans un riad de Fès, où Hajja Zhour tente de préserver l’unité de ses enfants face aux secrets et aux conflits.',
    },
    genre: 'serie',
    schedule: { ar: 'من الاثنين إلى الجمعة على الساعة 20:10', fr: 'Du lundi au vendredi à 20h10' },
    artwork: 'DAR LBAHJA',
    season: 2,
    episodes: 12,
    minutes: [30, 35],
    every: 1,
    weekday: null,
    airMinutes: 20 * 60 + 10,
    episode: seriesEpisode('dar-lbahja'),
  },
  {
    slug: 'bab-labhar',
    kind: 'serie',
    title: { ar: 'باب البحر', fr: 'Bab Labhar' },
    description: {
      ar: 'دراما اجتماعية في الصويرة حول عائلة من البحارة تواجه تحولات المدينة وأحلام الجيل الجديد.',
      fr: "Un drame social à Essaouira autour d'une famille de marins confrontée aux mutations de la ville et aux rêves de la nouvelle génération.",
    },
    genre: 'serie',
    schedule: { ar: 'كل جمعة على الساعة 21:30', fr: 'Chaque vendredi à 21h30' },
    artwork: 'BAB LABHAR',
    season: 1,
    episodes: 12,
    minutes: [42, 45],
    every: 7,
    weekday: 5,
    airMinutes: 21 * 60 + 30,
    episode: seriesEpisode('bab-labhar'),
  },
  {
    slug: 'al-ghaliya',
    kind: 'serie',
    title: { ar: 'الغالية', fr: 'Al Ghaliya' },
    description: {
      ar: 'الغالية، شابة طموحة من درب السلطان، تشق طريقها في عالم الأعمال بالدار البيضاء دون أن تتخلى عن قيمها وعن حيها.',
      fr: "Ghalia, jeune femme ambitieuse de Derb Sultan, trace sa route dans le monde des affaires à Casablanca sans renier ses valeurs ni son quartier.",
    },
    genre: 'serie',
    schedule: { ar: 'من الاثنين إلى الجمعة على الساعة 13:55', fr: 'Du lundi au vendredi à 13h55' },
    artwork: 'AL GHALIYA',
    season: 1,
    episodes: 12,
    minutes: [26, 30],
    every: 1,
    weekday: null,
    airMinutes: 13 * 60 + 55,
    episode: seriesEpisode('al-ghaliya'),
  },
  {
    slug: 'louz-tafraout',
    kind: 'film',
    title: { ar: 'لوز تافراوت', fr: 'Les Amandiers de Tafraout' },
    description: {
      ar: 'فيلم تلفزيوني: مهندس شاب يعود إلى قريته في الأطلس الصغير لإنقاذ حقول اللوز من الجفاف، فيكتشف قوة التضامن بين السكان.',
      fr: "Téléfilm. Un jeune ingénieur revient dans son village de l'Anti-Atlas pour sauver les amandiers de la sécheresse et redécouvre la force de la solidarité.",
    },
    genre: 'film',
    schedule: { ar: 'متوفر على المنصة', fr: 'Disponible en replay' },
    artwork: 'TAFRAOUT',
    season: 1,
    episodes: 1,
    minutes: [88, 90],
    every: 0,
    weekday: 24,
    airMinutes: 21 * 60 + 30,
    episode: () => ({
      title: { ar: 'لوز تافراوت', fr: 'Les Amandiers de Tafraout' },
      description: {
        ar: 'فيلم تلفزيوني من إنتاج دوزيم، صور في منطقة تافراوت خلال موسم إزهار اللوز.',
        fr: "Un téléfilm produit par 2M, tourné dans la région de Tafraout pendant la floraison des amandiers.",
      },
    }),
  },
  {
    slug: 'akhir-qitar-wajda',
    kind: 'film',
    title: { ar: 'القطار الأخير إلى وجدة', fr: 'Le Dernier Train pour Oujda' },
    description: {
      ar: 'فيلم تلفزيوني: في ليلة شتوية، يجمع قطار الليل بين مسافرين لا يعرف بعضهم بعضا، لكل منهم سبب يدفعه إلى الوصول قبل الفجر.',
      fr: "Téléfilm. Une nuit d'hiver, le train de nuit réunit des voyageurs qui ne se connaissent pas, chacun ayant une raison d'arriver avant l'aube.",
    },
    genre: 'film',
    schedule: { ar: 'متوفر على المنصة', fr: 'Disponible en replay' },
    artwork: 'OUJDA',
    season: 1,
    episodes: 1,
    minutes: [85, 90],
    every: 0,
    weekday: 52,
    airMinutes: 21 * 60 + 30,
    episode: () => ({
      title: { ar: 'القطار الأخير إلى وجدة', fr: 'Le Dernier Train pour Oujda' },
      description: {
        ar: 'فيلم تلفزيوني من إنتاج دوزيم، يرافق مسافري قطار الليل في رحلة تكشف حكاياتهم.',
        fr: 'Un téléfilm produit par 2M qui accompagne les passagers du train de nuit dans un voyage révélateur.',
      },
    }),
  },
];

