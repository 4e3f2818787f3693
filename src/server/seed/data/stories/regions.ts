import { fde, arCount } from '../../text.ts';
import { g, type Bi, type StoryTemplate, type TopicText } from '../types.ts';

/** The twelve regions of the Kingdom, keyed like City.region. */
const REGIONS: Record<string, Bi> = {
  'casablanca-settat': { ar: 'الدار البيضاء - سطات', fr: 'Casablanca-Settat' },
  'rabat-sale-kenitra': { ar: 'الرباط - سلا - القنيطرة', fr: 'Rabat-Salé-Kénitra' },
  'marrakech-safi': { ar: 'مراكش - آسفي', fr: 'Marrakech-Safi' },
  'fes-meknes': { ar: 'فاس - مكناس', fr: 'Fès-Meknès' },
  'tanger-tetouan-al-hoceima': { ar: 'طنجة - تطوان - الحسيمة', fr: 'Tanger-Tétouan-Al Hoceïma' },
  'souss-massa': { ar: 'سوس - ماسة', fr: 'Souss-Massa' },
  oriental: { ar: 'الشرق', fr: "de l'Oriental" },
  'beni-mellal-khenifra': { ar: 'بني ملال - خنيفرة', fr: 'Béni Mellal-Khénifra' },
  'draa-tafilalet': { ar: 'درعة - تافيلالت', fr: 'Drâa-Tafilalet' },
  'laayoune-sakia-el-hamra': { ar: 'العيون - الساقية الحمراء', fr: 'Laâyoune-Sakia El Hamra' },
  'dakhla-oued-eddahab': { ar: 'الداخلة - وادي الذهب', fr: 'Dakhla-Oued Ed-Dahab' },
  'guelmim-oued-noun': { ar: 'كلميم - واد نون', fr: 'Guelmim-Oued Noun' },
};

const regionOf = (slug: string): Bi => REGIONS[slug] ?? { ar: slug, fr: slug };
/** "la région Souss-Massa", "la région de l'Oriental" */
const frRegion = (slug: string): string => `la région ${regionOf(slug).fr}`;
const MILLIONS = { one: 'مليون', two: 'مليونا', few: 'ملايين', many: 'مليون' };

const COASTAL = ['casablanca', 'rabat', 'tanger', 'agadir', 'el-jadida', 'safi', 'essaouira', 'mohammedia', 'dakhla', 'laayoune', 'al-hoceima', 'nador', 'sale', 'kenitra'];
const LARGE = ['casablanca', 'rabat', 'marrakech', 'fes', 'tanger', 'agadir', 'meknes', 'oujda', 'kenitra', 'tetouan', 'sale', 'el-jadida', 'beni-mellal', 'safi'];

export const REGIONS_STORIES: StoryTemplate[] = [
  {
    key: 'haouz-iadat-bina',
    master: 'regions',
    child: 'auto',
    tags: ['seisme-al-haouz', 'immobilier'],
    dossier: 'reconstruction-al-haouz',
    cities: ['marrakech'],
    video: true,
    build: (v) => ({
      title: {
        ar: `الحوز: الانتهاء من إعادة بناء ${arCount(v.big, { one: 'مسكن', two: 'مسكنين', few: 'مساكن', many: 'مسكنا' })} في ${v.village.ar}`,
        fr: `Al Haouz : ${v.big} logements reconstruits à ${v.village.fr}`,
      },
      subtitle: {
        ar: 'أسر متضررة من الزلزال تتسلم مفاتيح منازلها الجديدة المشيدة وفق معايير مقاومة الزلازل.',
        fr: 'Des familles sinistrées reçoivent les clés de maisons neuves construites selon les normes parasismiques.',
      },
      lead: {
        ar: `تسلمت أسر جديدة بجماعة ${v.village.ar} بإقليم الحوز مفاتيح مساكنها، بعد الانتهاء من إعادة بناء ${arCount(v.big, { one: 'مسكن', two: 'مسكنين', few: 'مساكن', many: 'مسكنا' })} تضررت جراء زلزال شتنبر 2023، في إطار البرنامج الاستعجالي لإعادة الإيواء.`,
        fr: `De nouvelles familles de la commune ${fde(v.village.fr)}, dans la province d'Al Haouz, ont reçu les clés de leur maison : ${v.big} logements endommagés par le séisme de septembre 2023 ont été reconstruits dans le cadre du programme d'urgence de relogement.`,
      },
      h2: { ar: 'بناء يحترم الخصوصية المحلية', fr: "Une construction fidèle à l'architecture locale" },
      detail: {
        ar: 'واعتمدت الأشغال تقنيات تمزج بين مواد البناء المحلية كالحجر والتراب والمعايير الحديثة المضادة للزلازل، تحت إشراف مهندسين ومعماريين، مع مواكبة تقنية للأسر التي اختارت البناء الذاتي.',
        fr: "Les travaux associent matériaux locaux, comme la pierre et la terre, et normes parasismiques modernes, sous la supervision d'ingénieurs et d'architectes, avec un accompagnement technique des familles ayant choisi l'autoconstruction.",
      },
      quote: {
        ar: 'قضينا شهورا طويلة في الخيام. اليوم عدنا إلى بيت آمن، والحمد لله.',
        fr: "Nous avons passé de longs mois sous la tente. Aujourd'hui, nous retrouvons une maison sûre, Dieu merci.",
      },
      quoteBy: { ar: `${v.person.ar}، من سكان ${v.village.ar}`, fr: `${v.person.fr}, ${g(v.person, 'habitant', 'habitante')} ${fde(v.village.fr)}` },
      bullets: [
        { ar: 'دعم مالي مباشر للأسر المتضررة', fr: 'Une aide financière directe aux familles sinistrées' },
        { ar: 'تصاميم معمارية مجانية', fr: 'Des plans architecturaux gratuits' },
        { ar: 'مراقبة تقنية في كل مراحل البناء', fr: 'Un contrôle technique à chaque étape' },
      ],
    }),
  },
  {
    key: 'haouz-madrasa',
    master: 'regions',
    child: 'auto',
    tags: ['seisme-al-haouz', 'enseignement'],
    dossier: 'reconstruction-al-haouz',
    cities: ['marrakech'],
    build: (v) => ({
      title: {
        ar: `الحوز: ${v.village.ar} تستعيد مدرستها وعودة ${arCount(v.big / 2, { one: 'تلميذ', two: 'تلميذين', few: 'تلاميذ', many: 'تلميذا' })} إلى الفصول`,
        fr: `Al Haouz : ${v.village.fr} retrouve son école, ${v.big / 2} élèves de retour en classe`,
      },
      subtitle: {
        ar: 'مؤسسة جديدة مجهزة بداخلية ومطعم مدرسي لفائدة تلاميذ الدواوير الجبلية.',
        fr: 'Un établissement neuf doté d’un internat et d’une cantine pour les élèves des douars de montagne.',
      },
      lead: {
        ar: `استأنف ${arCount(v.big / 2, { one: 'تلميذ', two: 'تلميذين', few: 'تلاميذ', many: 'تلميذا' })} الدراسة في المدرسة الجديدة بجماعة ${v.village.ar}، التي أعيد بناؤها بعد أن دمرها الزلزال، وهي مجهزة بقاعات حديثة وداخلية ومطعم مدرسي.`,
        fr: `${v.big / 2} élèves ont repris les cours dans la nouvelle école ${fde(v.village.fr)}, reconstruite après sa destruction par le séisme. Elle dispose de salles modernes, d'un internat et d'une cantine.`,
      },
      h2: { ar: 'من الخيام إلى الأقسام', fr: 'Des tentes aux salles de classe' },
      detail: {
        ar: 'وكان التلاميذ قد تابعوا دراستهم لأشهر في خيام وأقسام متنقلة، قبل أن تتسلم الأكاديمية الجهوية المؤسسة الجديدة، التي صممت لتكون أيضا فضاء لأنشطة الجمعيات المحلية.',
        fr: "Les élèves avaient étudié pendant des mois sous des tentes et dans des classes préfabriquées, avant que l'académie régionale ne réceptionne le nouvel établissement, conçu aussi pour accueillir les activités des associations locales.",
      },
      quote: {
        ar: 'رأيت الفرحة في عيون الأطفال صباح الدخول. المدرسة هي قلب القرية.',
        fr: "J'ai vu la joie dans les yeux des enfants le jour de la rentrée. L'école, c'est le cœur du village.",
      },
      quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'أستاذ', 'أستاذة')}`, fr: `${v.person.fr}, ${g(v.person, 'enseignant', 'enseignante')}` },
    }),
  },
  {
    key: 'haouz-tariq',
    master: 'regions',
    child: 'auto',
    tags: ['seisme-al-haouz', 'transport', 'monde-rural'],
    dossier: 'reconstruction-al-haouz',
    cities: ['marrakech'],
    build: (v) => ({
      title: {
        ar: `فك العزلة: إعادة فتح الطريق الرابطة بين ${v.village.ar} ومراكش بعد ${arCount(v.small + 5, { one: 'شهر', two: 'شهرين', few: 'أشهر', many: 'شهرا' })} من الأشغال`,
        fr: `Désenclavement : la route entre ${v.village.fr} et Marrakech rouverte après ${v.small + 5} mois de travaux`,
      },
      subtitle: {
        ar: 'توسيع وتقوية المنعرجات الجبلية وبناء منشآت فنية لحماية الطريق من الانهيارات.',
        fr: 'Élargissement, renforcement des lacets et ouvrages d’art pour protéger la route des éboulements.',
      },
      lead: {
        ar: `أعيد فتح الطريق الرابطة بين ${v.village.ar} ومدينة مراكش أمام حركة السير، بعد ${arCount(v.small + 5, { one: 'شهر', two: 'شهرين', few: 'أشهر', many: 'شهرا' })} من أشغال التوسعة والتقوية، بكلفة بلغت ${v.big} مليون درهم.`,
        fr: `La route reliant ${v.village.fr} à Marrakech a rouvert à la circulation après ${v.small + 5} mois de travaux d'élargissement et de renforcement, pour un coût de ${v.big} millions de dirhams.`,
      },
      h2: { ar: 'أثر على الحياة اليومية', fr: 'Un impact sur le quotidien' },
      detail: {
        ar: 'وسيمكن المشروع من تقليص مدة التنقل نحو المستشفيات والأسواق، وتسهيل وصول مواد البناء إلى أوراش إعادة الإعمار، إلى جانب إنعاش السياحة الجبلية بالمنطقة.',
        fr: "La route réduira les temps de trajet vers les hôpitaux et les souks, facilitera l'acheminement des matériaux vers les chantiers de reconstruction et relancera le tourisme de montagne.",
      },
      quote: {
        ar: 'كانت الرحلة إلى مراكش تستغرق نصف يوم. الآن نصل في أقل من ساعتين.',
        fr: 'Le trajet vers Marrakech prenait une demi-journée. Maintenant, nous arrivons en moins de deux heures.',
      },
      quoteBy: { ar: `${v.man.ar}، سائق نقل مزدوج`, fr: `${v.man.fr}, chauffeur de transport rural` },
    }),
  },
  {
    key: 'majlis-jihawi-mizaniya',
    master: 'regions',
    child: 'auto',
    tags: ['regionalisation'],
    build: (v) => ({
      title: {
        ar: `مجلس جهة ${regionOf(v.city.region).ar} يصادق على ميزانية بقيمة ${v.big * 2} مليون درهم`,
        fr: `Le conseil de ${frRegion(v.city.region)} adopte un budget de ${v.big * 2} millions de dirhams`,
      },
      subtitle: {
        ar: 'الأولوية للطرق القروية والماء والتشغيل، مع دعم المقاولات الصغيرة.',
        fr: "Priorité aux routes rurales, à l'eau et à l'emploi, avec un soutien aux petites entreprises.",
      },
      lead: {
        ar: `صادق مجلس جهة ${regionOf(v.city.region).ar}، خلال دورته العادية المنعقدة في ${v.city.ar}، على ميزانية السنة المقبلة بقيمة ${v.big * 2} مليون درهم، يخصص أكثر من نصفها للاستثمار.`,
        fr: `Réuni en session ordinaire à ${v.city.fr}, le conseil de ${frRegion(v.city.region)} a adopté le budget de l'an prochain, d'un montant de ${v.big * 2} millions de dirhams, dont plus de la moitié consacrée à l'investissement.`,
      },
      h2: { ar: 'المشاريع ذات الأولوية', fr: 'Les projets prioritaires' },
      detail: {
        ar: `ويتضمن البرنامج تأهيل ${arCount(v.two * 10, { one: 'كيلومتر', two: 'كيلومترين', few: 'كيلومترات', many: 'كيلومترا' })} من الطرق القروية، وتزويد دواوير بالماء الصالح للشرب، وتمويل مشاريع لفائدة الشباب حاملي الأفكار المقاولاتية.`,
        fr: `Le programme prévoit la mise à niveau de ${v.two * 10} kilomètres de routes rurales, l'alimentation de douars en eau potable et le financement de projets portés par de jeunes entrepreneurs.`,
      },
      quote: {
        ar: 'هدفنا تقليص الفوارق بين الأقاليم وتقريب المشاريع من المواطنين.',
        fr: 'Notre objectif est de réduire les écarts entre provinces et de rapprocher les projets des citoyens.',
      },
      quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'نائب', 'نائبة')} رئيس مجلس الجهة`, fr: `${v.person.fr}, ${g(v.person, 'vice-président', 'vice-présidente')} du conseil régional` },
    }),
  },
  {
    key: 'busway',
    master: 'regions',
    child: 'auto',
    tags: ['transport', 'mondial-2030'],
    cities: LARGE,
    build: (v) => ({
      title: {
        ar: `${v.city.ar}: أشغال خط الحافلات ذات الجودة العالية تدخل مرحلتها النهائية بنسبة إنجاز ${50 + v.pct} في المائة`,
        fr: `${v.city.fr} : le chantier du busway achevé à ${50 + v.pct} %, la mise en service approche`,
      },
      subtitle: {
        ar: `خط بطول ${arCount(v.small + 8, { one: 'كيلومتر', two: 'كيلومترين', few: 'كيلومترات', many: 'كيلومترا' })} يربط الأحياء الكبرى بوسط المدينة ومحطة القطار.`,
        fr: `Une ligne de ${v.small + 8} kilomètres reliant les grands quartiers au centre-ville et à la gare.`,
      },
      lead: {
        ar: `بلغت نسبة إنجاز أشغال خط الحافلات ذات الجودة العالية في ${v.city.ar} ${50 + v.pct} في المائة، ويرتقب أن يدخل الخط حيز الخدمة خلال الأشهر المقبلة، بأسطول من الحافلات الكهربائية.`,
        fr: `Le chantier du busway ${fde(v.city.fr)} est achevé à ${50 + v.pct} %. La ligne, exploitée avec des bus électriques, devrait entrer en service dans les prochains mois.`,
      },
      h2: { ar: 'اضطرابات مؤقتة', fr: 'Des perturbations temporaires' },
      detail: {
        ar: 'وتسببت الأشغال في اضطرابات لحركة السير ببعض المحاور، ما دفع السلطات إلى اعتماد مسارات بديلة وتعزيز التشوير، مع تنظيم حملات تواصلية لفائدة السكان والتجار.',
        fr: 'Les travaux perturbent la circulation sur certains axes : les autorités ont mis en place des itinéraires de délestage et renforcé la signalisation, et informent régulièrement riverains et commerçants.',
      },
      quote: {
        ar: 'نقل عمومي حديث سيغير وجه المدينة ويقلص الاعتماد على السيارة الخاصة.',
        fr: 'Un transport public moderne va changer le visage de la ville et réduire la dépendance à la voiture.',
      },
      quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'مسؤول', 'مسؤولة')} بشركة التنمية المحلية`, fr: `${v.person.fr}, ${g(v.person, 'responsable', 'responsable')} à la société de développement local` },
    }),
  },
  {
    key: 'souq-baladi',
    master: 'regions',
    child: 'auto',
    tags: ['emploi'],
    build: (v) => ({
      title: {
        ar: `${v.city.ar}: سوق نموذجي جديد يضم ${arCount(v.two * 10, { one: 'محل', two: 'محلين', few: 'محلات', many: 'محلا' })} لإدماج الباعة الجائلين`,
        fr: `${v.city.fr} : un nouveau marché de ${v.two * 10} boutiques pour intégrer les marchands ambulants`,
      },
      subtitle: {
        ar: 'مبادرة لتحرير الملك العمومي وتحسين ظروف عمل التجار الصغار.',
        fr: "Une initiative pour libérer l'espace public et améliorer les conditions de travail des petits commerçants.",
      },
      lead: {
        ar: `فتح سوق نموذجي جديد أبوابه في ${v.city.ar}، يضم ${arCount(v.two * 10, { one: 'محل', two: 'محلين', few: 'محلات', many: 'محلا' })} خصصت للباعة الجائلين، في إطار برنامج تموله المبادرة الوطنية للتنمية البشرية.`,
        fr: `Un marché de proximité de ${v.two * 10} boutiques, réservées aux marchands ambulants, a ouvert à ${v.city.fr}, dans le cadre d'un programme financé par l'INDH.`,
      },
      h2: { ar: 'شروط الاستفادة', fr: "Les conditions d'attribution" },
      detail: {
        ar: 'وتم توزيع المحلات وفق لوائح أعدتها السلطات المحلية بعد إحصاء الباعة، مع إعفاء المستفيدين من واجبات الكراء خلال السنة الأولى ومواكبتهم في التسيير والتسويق.',
        fr: "Les boutiques ont été attribuées sur la base de listes établies par les autorités locales après recensement des vendeurs. Les bénéficiaires sont exonérés de loyer la première année et accompagnés en gestion et en vente.",
      },
      quote: {
        ar: 'لم أعد أخاف من المطر أو من الحجز. أصبح لدي محل وزبائن يعرفون مكاني.',
        fr: "Je n'ai plus peur de la pluie ni des saisies. J'ai une boutique et des clients qui savent où me trouver.",
      },
      quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'تاجر', 'تاجرة')}`, fr: `${v.person.fr}, ${g(v.person, 'commerçant', 'commerçante')}` },
    }),
  },
  {
    key: 'muntazah-hadari',
    master: 'regions',
    child: 'auto',
    tags: ['environnement'],
    cities: LARGE,
    build: (v) => ({
      title: {
        ar: `${v.city.ar}: فتح منتزه حضري على مساحة ${arCount(v.two, { one: 'هكتار', two: 'هكتارين', few: 'هكتارات', many: 'هكتارا' })} في وجه العموم`,
        fr: `${v.city.fr} : un parc urbain de ${v.two} hectares ouvert au public`,
      },
      subtitle: {
        ar: 'مسارات للمشي وملاعب للأطفال وأشجار محلية تقتصد في استهلاك الماء.',
        fr: 'Allées de promenade, aires de jeux et essences locales économes en eau.',
      },
      lead: {
        ar: `أصبح بإمكان سكان ${v.city.ar} الاستمتاع بمنتزه حضري جديد يمتد على ${arCount(v.two, { one: 'هكتار', two: 'هكتارين', few: 'هكتارات', many: 'هكتارا' })}، يضم مسارات للمشي والدراجات وفضاءات للعب وملاعب للقرب.`,
        fr: `Les habitants ${fde(v.city.fr)} disposent désormais d'un parc urbain de ${v.two} hectares, avec des allées pour la marche et le vélo, des aires de jeux et des terrains de proximité.`,
      },
      h2: { ar: 'سقي بالمياه المعالجة', fr: 'Un arrosage aux eaux traitées' },
      detail: {
        ar: 'وراعى تصميم المنتزه ندرة الموارد المائية، إذ يعتمد على نباتات محلية مقاومة للجفاف وعلى السقي بالمياه العادمة المعالجة بواسطة نظام التنقيط.',
        fr: "La conception du parc tient compte de la rareté de l'eau : plantes locales résistantes à la sécheresse et irrigation au goutte-à-goutte avec des eaux usées traitées.",
      },
      quote: {
        ar: 'كنا نحتاج إلى فضاء أخضر قريب. اليوم يأتي الأطفال للعب كل مساء.',
        fr: 'Nous avions besoin d’un espace vert à proximité. Aujourd’hui, les enfants viennent jouer tous les soirs.',
      },
      quoteBy: { ar: `${v.person.ar}، من سكان الحي`, fr: `${v.person.fr}, ${g(v.person, 'riverain', 'riveraine')}` },
    }),
  },
  {
    key: 'maa-shurub-dawawir',
    master: 'regions',
    child: 'auto',
    tags: ['ressources-en-eau', 'monde-rural'],
    dossier: 'defi-de-l-eau',
    build: (v) => ({
      title: {
        ar: `الماء الشروب: ربط ${arCount(v.two, { one: 'دوار', two: 'دوارين', few: 'دواوير', many: 'دوارا' })} بإقليم ${v.city.ar} بالشبكة العمومية`,
        fr: `Eau potable : ${v.two} douars de la province ${fde(v.city.fr)} raccordés au réseau`,
      },
      subtitle: {
        ar: 'نهاية معاناة جلب الماء من الآبار والعيون البعيدة، خاصة بالنسبة للنساء والأطفال.',
        fr: "La fin des corvées d'eau aux puits et aux sources éloignés, surtout pour les femmes et les enfants.",
      },
      lead: {
        ar: `استفاد ${arCount(v.two, { one: 'دوار', two: 'دواران', few: 'دواوير', many: 'دوارا' })} بإقليم ${v.city.ar} من الربط بشبكة الماء الصالح للشرب، لفائدة ${arCount(v.big * 10, { one: 'نسمة', two: 'نسمتين', few: 'نسمات', many: 'نسمة' })}، بكلفة ناهزت ${v.big / 10} مليون درهم.`,
        fr: `${v.two} douars de la province ${fde(v.city.fr)} ont été raccordés au réseau d'eau potable, au profit de ${v.big * 10} habitants, pour un coût d'environ ${v.big / 10} millions de dirhams.`,
      },
      h2: { ar: 'حلول مستدامة', fr: 'Des solutions durables' },
      detail: {
        ar: 'وشمل المشروع بناء خزانات ومحطات للضخ تعمل بالطاقة الشمسية، وتكوين جمعيات محلية لتدبير الشبكة وصيانتها، مع حملات تحسيسية لترشيد الاستهلاك.',
        fr: "Le projet comprend des réservoirs et des stations de pompage solaires, la formation d'associations locales à la gestion et à l'entretien du réseau, ainsi que des campagnes de sensibilisation aux économies d'eau.",
      },
      quote: {
        ar: 'كانت بناتي يقطعن كيلومترات كل صباح لجلب الماء. الآن أصبح الصنبور داخل البيت.',
        fr: "Mes filles faisaient des kilomètres chaque matin pour chercher de l'eau. Maintenant, le robinet est dans la maison.",
      },
      quoteBy: { ar: `${v.person.ar}، من سكان الدوار`, fr: `${v.person.fr}, ${g(v.person, 'habitant', 'habitante')} du douar` },
    }),
  },
  {
    key: 'mintaqat-anshita',
    master: 'regions',
    child: 'auto',
    tags: ['emploi'],
    build: (v) => ({
      title: {
        ar: `${v.city.ar}: منطقة جديدة للأنشطة الاقتصادية على مساحة ${arCount(v.two * 2, { one: 'هكتار', two: 'هكتارين', few: 'هكتارات', many: 'هكتارا' })}`,
        fr: `${v.city.fr} : une zone d'activités économiques de ${v.two * 2} hectares pour les PME`,
      },
      subtitle: {
        ar: 'بقع مجهزة بأسعار تفضيلية لفائدة المقاولات الصغرى والمتوسطة والحرفيين.',
        fr: 'Des lots viabilisés à prix préférentiels pour les TPME et les artisans.',
      },
      lead: {
        ar: `أعطيت في ${v.city.ar} انطلاقة أشغال تهيئة منطقة للأنشطة الاقتصادية على مساحة ${arCount(v.two * 2, { one: 'هكتار', two: 'هكتارين', few: 'هكتارات', many: 'هكتارا' })}، يرتقب أن تستقبل ${arCount(v.two * 3, { one: 'مقاولة', two: 'مقاولتين', few: 'مقاولات', many: 'مقاولة' })} وتوفر مئات مناصب الشغل.`,
        fr: `Les travaux d'aménagement d'une zone d'activités économiques de ${v.two * 2} hectares ont été lancés à ${v.city.fr}. Elle devrait accueillir ${v.two * 3} entreprises et créer plusieurs centaines d'emplois.`,
      },
      h2: { ar: 'إنعاش الاقتصاد المحلي', fr: "Dynamiser l'économie locale" },
      detail: {
        ar: 'وستخصص المنطقة للصناعات الخفيفة والخدمات اللوجستية والحرف، مع شباك وحيد لتسهيل الحصول على الرخص، ومواكبة المقاولين الشباب من طرف المركز الجهوي للاستثمار.',
        fr: "La zone accueillera l'industrie légère, la logistique et l'artisanat, avec un guichet unique pour les autorisations et un accompagnement des jeunes entrepreneurs par le centre régional d'investissement.",
      },
      quote: {
        ar: 'المقاولون الصغار كانوا يعانون من غياب العقار المناسب. هذه المنطقة جواب عملي.',
        fr: 'Les petits entrepreneurs manquaient de foncier adapté. Cette zone est une réponse concrète.',
      },
      quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'مدير', 'مديرة')} المركز الجهوي للاستثمار`, fr: `${v.person.fr}, ${g(v.person, 'directeur', 'directrice')} du CRI` },
    }),
  },
  {
    key: 'corniche',
    master: 'regions',
    child: 'auto',
    tags: ['tourisme'],
    cities: COASTAL,
    build: (v) => ({
      title: {
        ar: `${v.city.ar}: تأهيل الكورنيش على طول ${arCount(v.small, { one: 'كيلومتر', two: 'كيلومترين', few: 'كيلومترات', many: 'كيلومترا' })} قبل الموسم الصيفي`,
        fr: `${v.city.fr} réaménage sa corniche sur ${v.small} kilomètres`,
      },
      subtitle: {
        ar: 'ممرات للراجلين ومسار للدراجات وإنارة جديدة ومرافق صحية على طول الشاطئ.',
        fr: 'Promenade piétonne, piste cyclable, nouvel éclairage et sanitaires le long de la plage.',
      },
      lead: {
        ar: `انطلقت في ${v.city.ar} أشغال تأهيل الكورنيش على طول ${arCount(v.small, { one: 'كيلومتر', two: 'كيلومترين', few: 'كيلومترات', many: 'كيلومترا' })}، بكلفة تناهز ${arCount(v.big / 2, MILLIONS)} درهم، لجعل الواجهة البحرية فضاء للترفيه طيلة السنة.`,
        fr: `${v.city.fr} a lancé le réaménagement de sa corniche sur ${v.small} kilomètres, pour un coût d'environ ${v.big / 2} millions de dirhams, afin de faire du front de mer un lieu de loisirs toute l'année.`,
      },
      h2: { ar: 'واجهة بحرية جديدة', fr: 'Un nouveau front de mer' },
      detail: {
        ar: 'ويشمل المشروع حماية الشاطئ من التعرية، وإحداث مساحات خضراء وأكشاك منظمة، وولوجيات لفائدة الأشخاص في وضعية إعاقة، مع الحرص على الحفاظ على الكثبان الرملية.',
        fr: "Le projet prévoit la protection de la plage contre l'érosion, des espaces verts, des kiosques réglementés et des accès pour les personnes handicapées, tout en préservant les dunes.",
      },
      quote: {
        ar: 'البحر هو هوية المدينة. نريد أن يستفيد منه الجميع في ظروف لائقة.',
        fr: 'La mer fait l’identité de la ville. Nous voulons que chacun puisse en profiter dans de bonnes conditions.',
      },
      quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'رئيس', 'رئيسة')} المجلس الجماعي`, fr: `${v.person.fr}, ${g(v.person, 'président', 'présidente')} du conseil communal` },
    }),
  },
];

export const REGIONS_TEXT: TopicText = {
  context: [
    {
      ar: 'ويأتي هذا المشروع في إطار تنزيل ورش الجهوية المتقدمة، الذي يمنح الجماعات الترابية صلاحيات أوسع في مجال التنمية المحلية.',
      fr: "Ce projet s'inscrit dans la mise en œuvre de la régionalisation avancée, qui donne aux collectivités territoriales des compétences élargies en matière de développement local.",
    },
    {
      ar: 'وتسعى السلطات المحلية إلى إشراك الساكنة والمجتمع المدني في تتبع المشاريع، من خلال لقاءات تواصلية دورية.',
      fr: 'Les autorités locales veulent associer les habitants et la société civile au suivi des projets, au travers de réunions publiques régulières.',
    },
    {
      ar: 'ويظل تحسين جاذبية المدن المتوسطة والمراكز القروية رهانا أساسيا لتقليص الضغط على الحواضر الكبرى.',
      fr: "Rendre plus attractives les villes moyennes et les centres ruraux reste un enjeu majeur pour alléger la pression sur les grandes métropoles.",
    },
  ],
  closing: [
    {
      ar: 'ويتابع مراسلو دوزيم في الجهات تطورات هذا المشروع عن قرب.',
      fr: "Les correspondants régionaux de 2M suivent de près l'avancement du projet.",
    },
    {
      ar: 'ومن المنتظر تقديم حصيلة مرحلية خلال الدورة المقبلة للمجلس.',
      fr: 'Un bilan d’étape doit être présenté lors de la prochaine session du conseil.',
    },
  ],
  headings: [
    { ar: 'على أرض الواقع', fr: 'Sur le terrain' },
    { ar: 'صوت الساكنة', fr: 'La parole aux habitants' },
  ],
};

