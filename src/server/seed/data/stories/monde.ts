import { arBi, arCount, arNum, frA, frNum } from '../../text.ts';
import { g, type StoryTemplate, type TopicText } from '../types.ts';

const AFRICA = ['senegal', 'cote-d-ivoire', 'nigeria', 'egypte', 'mauritanie', 'gabon', 'ghana', 'kenya', 'rwanda'];
const AGREEMENTS = { one: 'اتفاقية', two: 'اتفاقيتين', few: 'اتفاقيات', many: 'اتفاقية' };

export const MONDE: StoryTemplate[] = [
  {
    key: 'taawun-ittifaqiyat',
    master: 'monde',
    child: 'auto',
    tags: ['diplomatie'],
    video: true,
    build: (v) => ({
      title: {
        ar: `التعاون: المغرب و${v.country.ar} يوقعان ${arCount(v.small, AGREEMENTS)} في مجالات الفلاحة والطاقة والتكوين`,
        fr: `Coopération : le Maroc et ${v.country.frThe} signent ${v.small} accords dans l'agriculture, l'énergie et la formation`,
      },
      subtitle: {
        ar: 'التوقيع جرى بالرباط على هامش اجتماع يروم تعزيز الشراكة الاقتصادية بين البلدين.',
        fr: 'Les textes ont été signés à Rabat, en marge d’une réunion destinée à renforcer le partenariat économique bilatéral.',
      },
      lead: {
        ar: `وقع المغرب و${v.country.ar}، بالرباط، ${arCount(v.small, AGREEMENTS)} ومذكرات تفاهم تشمل الفلاحة والطاقات المتجددة والتكوين المهني والنقل، وذلك خلال اجتماع ترأسه وزيرا خارجية البلدين.`,
        fr: `Le Maroc et ${v.country.frThe} ont signé à Rabat ${v.small} accords et mémorandums d'entente portant sur l'agriculture, les énergies renouvelables, la formation professionnelle et le transport, lors d'une réunion coprésidée par les ministres des Affaires étrangères des deux pays.`,
      },
      h2: { ar: 'إرادة مشتركة', fr: 'Une volonté partagée' },
      detail: {
        ar: 'وأكد الجانبان رغبتهما في الارتقاء بالعلاقات الثنائية، من خلال تشجيع الاستثمارات المتبادلة وتسهيل المبادلات التجارية، وتكثيف التعاون في مجالات التعليم العالي والبحث العلمي.',
        fr: "Les deux parties ont exprimé leur volonté de hisser leurs relations à un niveau supérieur, en encourageant les investissements croisés, en facilitant les échanges commerciaux et en intensifiant la coopération universitaire et scientifique.",
      },
      quote: {
        ar: 'هذه الاتفاقيات تترجم إرادة سياسية قوية لجعل شراكتنا نموذجا يحتذى به.',
        fr: 'Ces accords traduisent une volonté politique forte de faire de notre partenariat un modèle.',
      },
      quoteBy: { ar: `وزير خارجية ${v.country.ar}`, fr: `Le ministre des Affaires étrangères ${v.country.frOf}` },
    }),
  },
  {
    key: 'lajna-mushtaraka',
    master: 'monde',
    child: 'auto',
    tags: ['diplomatie'],
    build: (v) => ({
      title: {
        ar: `اللجنة المشتركة بين المغرب و${v.country.ar} تنعقد في ${v.country.capitalAr}: الاستثمار في صلب النقاش`,
        fr: `Commission mixte Maroc-${v.country.fr} ${v.country.capitalFr === 'Le Caire' ? 'au Caire' : `à ${v.country.capitalFr}`} : l'investissement au cœur des discussions`,
      },
      subtitle: {
        ar: 'رجال أعمال من البلدين يبحثون فرص الشراكة في الصناعة والخدمات والبنيات التحتية.',
        fr: "Des chefs d'entreprise des deux pays explorent les opportunités dans l'industrie, les services et les infrastructures.",
      },
      lead: {
        ar: `احتضنت ${v.country.capitalAr} أشغال الدورة الجديدة للجنة المشتركة بين المغرب و${v.country.ar}، بحضور وفد مغربي يضم مسؤولين حكوميين و${arCount(v.two, { one: 'رجل أعمال', two: 'رجلي أعمال', few: 'رجال أعمال', many: 'رجل أعمال' })}.`,
        fr: `${v.country.capitalFr} a accueilli la nouvelle session de la commission mixte entre le Maroc et ${v.country.frThe}, en présence d'une délégation marocaine composée de responsables gouvernementaux et de ${v.two} chefs d'entreprise.`,
      },
      h2: { ar: 'مبادلات في ارتفاع', fr: 'Des échanges en hausse' },
      detail: {
        ar: `وسجل حجم المبادلات التجارية بين البلدين ارتفاعا بنسبة ${v.pct} في المائة خلال السنوات الثلاث الأخيرة، فيما تتطلع المقاولات المغربية إلى توسيع حضورها في قطاعات البنوك والاتصالات والأسمدة.`,
        fr: `Les échanges commerciaux entre les deux pays ont progressé de ${v.pct} % en trois ans, et les entreprises marocaines veulent renforcer leur présence dans la banque, les télécommunications et les engrais.`,
      },
      quote: {
        ar: 'الإمكانات كبيرة، والمطلوب الآن هو تحويل النوايا إلى مشاريع ملموسة.',
        fr: 'Le potentiel est considérable ; il faut maintenant transformer les intentions en projets concrets.',
      },
      quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'رئيس', 'رئيسة')} مجلس أعمال مشترك`, fr: `${v.person.fr}, ${g(v.person, 'président', 'présidente')} d'un conseil d'affaires bilatéral` },
    }),
  },
  {
    key: 'maghariba-al-alam',
    master: 'monde',
    child: 'auto',
    tags: ['numerique'],
    countries: ['espagne', 'france', 'italie', 'belgique', 'allemagne', 'portugal', 'senegal', 'cote-d-ivoire', 'gabon'],
    build: (v) => ({
      title: {
        ar: `المغاربة المقيمون في ${v.country.ar}: منصة رقمية جديدة لتسريع الخدمات القنصلية`,
        fr: `Marocains résidant ${v.country.frIn} : une plateforme numérique pour accélérer les démarches consulaires`,
      },
      subtitle: {
        ar: 'حجز المواعيد وتتبع الملفات عن بعد، مع تقليص آجال الحصول على الوثائق.',
        fr: 'Prise de rendez-vous et suivi des dossiers en ligne, avec des délais raccourcis pour obtenir les documents.',
      },
      lead: {
        ar: `أطلقت المصالح القنصلية المغربية في ${v.country.ar} منصة رقمية جديدة تتيح لأفراد الجالية حجز المواعيد وتتبع طلبات جوازات السفر والبطاقات الوطنية وعقود الحالة المدنية عن بعد.`,
        fr: `Les services consulaires marocains ${v.country.frIn} ont lancé une plateforme numérique qui permet aux ressortissants de prendre rendez-vous et de suivre en ligne leurs demandes de passeport, de carte d'identité et d'actes d'état civil.`,
      },
      h2: { ar: 'أرقام ودلالات', fr: 'Chiffres clés' },
      detail: {
        ar: `وتعالج القنصليات المغربية في هذا البلد أزيد من ${arNum(v.big * 100)} طلب سنويا، ويرتقب أن تمكن الرقمنة من تقليص مدة الانتظار بنسبة ${v.pct + 20} في المائة.`,
        fr: `Les consulats marocains dans ce pays traitent plus de ${frNum(v.big * 100)} demandes par an ; la numérisation devrait réduire les délais d'attente de ${v.pct + 20} %.`,
      },
      quote: {
        ar: 'كنت أضطر لأخذ يوم عطلة من أجل موعد واحد. الآن أتابع ملفي من الهاتف.',
        fr: 'Je devais prendre un jour de congé pour un seul rendez-vous. Maintenant, je suis mon dossier depuis mon téléphone.',
      },
      quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'مقيم', 'مقيمة')} في ${v.country.ar}`, fr: `${v.person.fr}, ${g(v.person, 'installé', 'installée')} ${v.country.frIn}` },
    }),
  },
  {
    key: 'anbub-ghaz',
    master: 'monde',
    child: 'afrique',
    tags: ['energies-renouvelables', 'diplomatie'],
    countries: ['nigeria', 'senegal', 'cote-d-ivoire', 'ghana', 'mauritanie', 'gabon'],
    build: (v) => ({
      title: {
        ar: `أنبوب الغاز الإفريقي الأطلسي: ${v.country.ar} تصادق على اتفاق المرحلة الجديدة من المشروع`,
        fr: `Gazoduc Afrique atlantique : ${v.country.frThe} ratifie l'accord sur la nouvelle phase du projet`,
      },
      subtitle: {
        ar: `مشروع قاري يربط ${arCount(v.small + 9, { one: 'بلد', two: 'بلدين', few: 'بلدان', many: 'بلدا' })} ويرمي إلى تعزيز الأمن الطاقي والاندماج الإقليمي.`,
        fr: `Un projet continental reliant ${v.small + 9} pays pour renforcer la sécurité énergétique et l'intégration régionale.`,
      },
      lead: {
        ar: `صادقت ${v.country.ar} على الاتفاق المتعلق بالمرحلة الجديدة من مشروع أنبوب الغاز الإفريقي الأطلسي، الذي يمتد على طول الواجهة الأطلسية للقارة من نيجيريا إلى المغرب، في أفق ربطه بالسوق الأوروبية.`,
        fr: `${v.country.frThe.charAt(0).toUpperCase() + v.country.frThe.slice(1)} a ratifié l'accord relatif à la nouvelle phase du gazoduc Afrique atlantique, qui doit longer la façade atlantique du continent du Nigeria au Maroc, avant d'être relié au marché européen.`,
      },
      h2: { ar: 'مشروع هيكلي', fr: 'Un projet structurant' },
      detail: {
        ar: 'ويرتقب أن يساهم المشروع في تزويد الدول التي يعبرها بالطاقة، وتشجيع التصنيع المحلي وإحداث فرص الشغل، إضافة إلى تعزيز التعاون بين بلدان غرب إفريقيا.',
        fr: "Le projet doit contribuer à l'approvisionnement énergétique des pays traversés, encourager l'industrialisation locale et créer des emplois, tout en renforçant la coopération entre les pays d'Afrique de l'Ouest.",
      },
      quote: {
        ar: 'الأنبوب ليس مجرد بنية طاقية، بل رافعة للتنمية المشتركة في منطقتنا.',
        fr: "Le gazoduc n'est pas qu'une infrastructure énergétique : c'est un levier de développement partagé pour notre région.",
      },
      quoteBy: { ar: `وزير الطاقة في ${v.country.ar}`, fr: `Le ministre de l'Énergie ${v.country.frOf}` },
    }),
  },
  {
    key: 'mubadalat-tijariya',
    master: 'monde',
    child: 'auto',
    tags: ['diplomatie'],
    build: (v) => ({
      title: {
        ar: `المبادلات التجارية بين المغرب و${v.country.ar} ترتفع بنسبة ${v.pct} في المائة`,
        fr: `Les échanges commerciaux entre le Maroc et ${v.country.frThe} progressent de ${v.pct} %`,
      },
      subtitle: {
        ar: 'المنتجات الفلاحية والأسمدة ومكونات السيارات في صدارة الصادرات المغربية.',
        fr: 'Produits agricoles, engrais et composants automobiles en tête des exportations marocaines.',
      },
      lead: {
        ar: `ارتفع حجم المبادلات التجارية بين المغرب و${v.country.ar} بنسبة ${v.pct} في المائة خلال الأشهر التسعة الأولى من السنة، ليبلغ ${arNum(v.big * 10)} مليون درهم، حسب معطيات مكتب الصرف.`,
        fr: `Les échanges commerciaux entre le Maroc et ${v.country.frThe} ont augmenté de ${v.pct} % sur les neuf premiers mois de l'année, pour atteindre ${frNum(v.big * 10)} millions de dirhams, selon l'Office des changes.`,
      },
      h2: { ar: 'فرص غير مستغلة', fr: 'Un potentiel inexploité' },
      detail: {
        ar: 'ويرى خبراء أن هامش النمو ما يزال كبيرا، خاصة في الصناعات الغذائية والأدوية ومواد البناء، شريطة تحسين الربط اللوجستي وتبسيط الإجراءات الجمركية.',
        fr: "Selon les experts, la marge de progression reste importante, notamment dans l'agroalimentaire, le médicament et les matériaux de construction, à condition d'améliorer la logistique et de simplifier les procédures douanières.",
      },
      quote: {
        ar: 'الطلب على المنتوج المغربي في تزايد، ونحتاج إلى خطوط نقل منتظمة لمواكبته.',
        fr: 'La demande de produits marocains augmente ; nous avons besoin de lignes de transport régulières pour suivre.',
      },
      quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'مصدر', 'مصدرة')}`, fr: `${v.person.fr}, ${g(v.person, 'exportateur', 'exportatrice')}` },
    }),
  },
  {
    key: 'khatt-jawwi',
    master: 'monde',
    child: 'auto',
    tags: ['transport', 'tourisme'],
    cities: ['casablanca', 'marrakech', 'tanger', 'agadir', 'rabat', 'fes', 'oujda', 'dakhla', 'laayoune', 'nador'],
    build: (v) => ({
      title: {
        ar: `النقل الجوي: خط مباشر جديد بين ${v.city.ar} و${v.country.capitalAr}`,
        fr: `Aérien : une nouvelle ligne directe entre ${v.city.fr} et ${v.country.capitalFr}`,
      },
      subtitle: {
        ar: `${arCount(v.small, { one: 'رحلة', two: 'رحلتين', few: 'رحلات', many: 'رحلة' })} أسبوعيا لتعزيز الربط مع ${v.country.ar} ودعم السياحة والأعمال.`,
        fr: `${v.small} vols par semaine pour renforcer les liaisons avec ${v.country.frThe} et soutenir le tourisme et les affaires.`,
      },
      lead: {
        ar: `أعلنت شركة طيران عن إطلاق خط جوي مباشر يربط ${v.city.ar} ${arBi(v.country.capitalAr)} ابتداء من الشهر المقبل، بمعدل ${arCount(v.small, { one: 'رحلة', two: 'رحلتين', few: 'رحلات', many: 'رحلة' })} في الأسبوع.`,
        fr: `Une compagnie aérienne a annoncé l'ouverture, dès le mois prochain, d'une ligne directe entre ${v.city.fr} et ${v.country.capitalFr}, à raison de ${v.small} vols par semaine.`,
      },
      h2: { ar: 'رهان سياحي', fr: 'Un pari touristique' },
      detail: {
        ar: 'ويندرج هذا الخط في إطار استراتيجية لتوسيع الربط الجوي للمطارات المغربية، استعدادا لاستقبال أعداد متزايدة من الزوار في أفق كأس العالم 2030.',
        fr: "Cette ligne s'inscrit dans une stratégie d'élargissement de la desserte des aéroports marocains, en prévision d'un afflux croissant de visiteurs à l'approche de la Coupe du monde 2030.",
      },
      quote: {
        ar: 'الربط المباشر يختصر زمن السفر ويشجع السياح ورجال الأعمال على اكتشاف المدينة.',
        fr: "Une liaison directe raccourcit le voyage et encourage touristes et hommes d'affaires à découvrir la ville.",
      },
      quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'مدير', 'مديرة')} المطار`, fr: `${v.person.fr}, ${g(v.person, 'directeur', 'directrice')} de l'aéroport` },
    }),
  },
  {
    key: 'tulab-afarika',
    master: 'monde',
    child: 'afrique',
    tags: ['enseignement', 'diplomatie'],
    countries: AFRICA,
    build: (v) => ({
      title: {
        ar: `التعليم العالي: ${arCount(v.big, { one: 'طالب', two: 'طالبين', few: 'طلاب', many: 'طالبا' })} من ${v.country.ar} يتابعون دراستهم بالمغرب هذا الموسم`,
        fr: `Enseignement supérieur : ${v.big} étudiants venus ${v.country.frOf} poursuivent leurs études au Maroc`,
      },
      subtitle: {
        ar: 'منح دراسية في الطب والهندسة والتدبير، في إطار التعاون جنوب-جنوب.',
        fr: 'Des bourses en médecine, en ingénierie et en gestion, dans le cadre de la coopération Sud-Sud.',
      },
      lead: {
        ar: `التحق ${arCount(v.big, { one: 'طالب', two: 'طالبين', few: 'طلاب', many: 'طالبا' })} من ${v.country.ar} بالجامعات والمعاهد المغربية هذا الموسم، أغلبهم حاصلون على منح تقدمها الوكالة المغربية للتعاون الدولي.`,
        fr: `${v.big} étudiants venus ${v.country.frOf} ont rejoint cette année les universités et instituts marocains, la plupart grâce aux bourses de l'Agence marocaine de coopération internationale.`,
      },
      h2: { ar: 'جسور إنسانية', fr: 'Des passerelles humaines' },
      detail: {
        ar: 'ويتابع هؤلاء الطلبة دراستهم في تخصصات الطب والصيدلة والهندسة والتجارة، ويعود أغلبهم بعد التخرج للمساهمة في تنمية بلدانهم، مع الحفاظ على روابط قوية بالمغرب.',
        fr: "Ces étudiants suivent des cursus de médecine, de pharmacie, d'ingénierie et de commerce. La plupart rentrent ensuite contribuer au développement de leur pays, tout en gardant des liens forts avec le Maroc.",
      },
      quote: {
        ar: 'وجدت في المغرب تكوينا جيدا وأصدقاء من كل القارة. هذه التجربة ستبقى معي طوال حياتي.',
        fr: "J'ai trouvé au Maroc une bonne formation et des amis de tout le continent. Cette expérience me suivra toute ma vie.",
      },
      quoteBy: { ar: `طالب${g(v.person, '', 'ة')} في كلية الطب`, fr: `${g(v.person, 'Étudiant', 'Étudiante')} en médecine` },
    }),
  },
  {
    key: 'ummal-mawsimiyun',
    master: 'monde',
    child: 'europe',
    tags: ['emploi', 'monde-rural'],
    countries: ['espagne'],
    build: (v) => {
      const n = v.big * 20;
      return {
        title: {
          ar: `العمل الموسمي: ${arNum(n)} عاملة مغربية نحو حقول الفراولة في إسبانيا`,
          fr: `Travail saisonnier : ${frNum(n)} Marocaines recrutées pour la cueillette des fraises en Espagne`,
        },
        subtitle: {
          ar: 'عقود مؤطرة بين البلدين، مع ضمانات تخص السكن والتغطية الصحية والعودة.',
          fr: 'Des contrats encadrés par les deux pays, avec des garanties sur le logement, la couverture médicale et le retour.',
        },
        lead: {
          ar: `تستعد ${arNum(n)} عاملة مغربية للالتحاق بحقول الفواكه الحمراء في إقليم ويلبة الإسباني، في إطار برنامج الهجرة الدائرية الذي تشرف عليه الوكالة الوطنية لإنعاش التشغيل والكفاءات.`,
          fr: `${frNum(n)} ouvrières marocaines s'apprêtent à rejoindre les exploitations de fruits rouges de la province de Huelva, dans le cadre du programme de migration circulaire piloté par l'ANAPEC.`,
        },
        h2: { ar: 'حماية الحقوق', fr: 'Protéger les droits' },
        detail: {
          ar: 'وتشمل العقود ضمانات تتعلق بالأجر وساعات العمل والسكن والتغطية الصحية، مع تتبع ميداني من طرف الجمعيات والمصالح القنصلية، واستفادة العاملات من دورات تحسيسية قبل السفر.',
          fr: "Les contrats comportent des garanties sur le salaire, les horaires, le logement et la couverture médicale, avec un suivi sur le terrain assuré par des associations et les services consulaires. Les travailleuses bénéficient de sessions d'information avant le départ.",
        },
        quote: {
          ar: 'هذا العمل سمح لي بتعليم أبنائي وبناء منزل صغير في قريتي.',
          fr: "Ce travail m'a permis de scolariser mes enfants et de construire une petite maison dans mon village.",
        },
        quoteBy: { ar: 'عاملة موسمية من نواحي القنيطرة', fr: 'Une saisonnière de la région de Kénitra' },
      };
    },
  },
  {
    key: 'rabt-kahrabai',
    master: 'monde',
    child: 'europe',
    tags: ['energies-renouvelables', 'diplomatie'],
    countries: ['espagne', 'portugal', 'france', 'allemagne', 'italie'],
    build: (v) => ({
      title: {
        ar: `الطاقة: المغرب و${v.country.ar} يدرسان مشروعا جديدا للربط الكهربائي بقدرة ${arNum(v.big * 2)} ميغاواط`,
        fr: `Énergie : le Maroc et ${v.country.frThe} étudient une nouvelle interconnexion électrique de ${frNum(v.big * 2)} MW`,
      },
      subtitle: {
        ar: 'الكهرباء الخضراء المنتجة في المغرب قد تزود الأسواق الأوروبية في أفق العقد المقبل.',
        fr: "L'électricité verte produite au Maroc pourrait alimenter les marchés européens d'ici la prochaine décennie.",
      },
      lead: {
        ar: `اتفق المغرب و${v.country.ar} على إطلاق دراسة جدوى لمشروع ربط كهربائي جديد بقدرة ${arNum(v.big * 2)} ميغاواط، يهدف إلى تصدير الكهرباء المنتجة من مصادر متجددة نحو أوروبا.`,
        fr: `Le Maroc et ${v.country.frThe} ont convenu de lancer une étude de faisabilité pour une nouvelle interconnexion électrique de ${frNum(v.big * 2)} MW, destinée à exporter vers l'Europe de l'électricité d'origine renouvelable.`,
      },
      h2: { ar: 'شراكة خضراء', fr: 'Un partenariat vert' },
      detail: {
        ar: 'ويستند المشروع إلى الإمكانات الكبيرة للمغرب في مجالي الطاقة الشمسية والريحية، وإلى التزام الاتحاد الأوروبي بتقليص انبعاثاته، ما يفتح آفاقا واعدة للاستثمار والتشغيل.',
        fr: "Le projet repose sur le fort potentiel solaire et éolien du Maroc et sur l'engagement de l'Union européenne à réduire ses émissions, ce qui ouvre des perspectives d'investissement et d'emploi.",
      },
      quote: {
        ar: 'المغرب شريك موثوق في الانتقال الطاقي، وموقعه الجغرافي يجعله جسرا طبيعيا بين إفريقيا وأوروبا.',
        fr: "Le Maroc est un partenaire fiable de la transition énergétique ; sa position en fait un pont naturel entre l'Afrique et l'Europe.",
      },
      quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'خبير', 'خبيرة')} في الطاقة`, fr: `${v.person.fr}, ${g(v.person, 'expert', 'experte')} en énergie` },
    }),
  },
  {
    key: 'musaadat-insaniya',
    master: 'monde',
    child: 'afrique',
    tags: ['diplomatie', 'sante-publique'],
    countries: AFRICA,
    build: (v) => ({
      title: {
        ar: `مساعدات إنسانية: المغرب يرسل ${arCount(v.big, { one: 'طن', two: 'طنين', few: 'أطنان', many: 'طنا' })} من المواد الغذائية والأدوية إلى ${v.country.ar}`,
        fr: `Aide humanitaire : le Maroc envoie ${v.big} tonnes de vivres et de médicaments ${frA(v.country.frThe)}`,
      },
      subtitle: {
        ar: 'طائرات عسكرية تنقل الشحنات لفائدة الأسر المتضررة من الفيضانات.',
        fr: 'Des avions militaires acheminent les cargaisons pour les familles touchées par les inondations.',
      },
      lead: {
        ar: `أقلعت من القاعدة الجوية ببنسليمان طائرات تابعة للقوات المسلحة الملكية محملة بـ${arCount(v.big, { one: 'طن', two: 'طنين', few: 'أطنان', many: 'طنا' })} من المواد الغذائية والأدوية والخيام، لفائدة الأسر المتضررة من الفيضانات في ${v.country.ar}.`,
        fr: `Des avions des Forces armées royales ont décollé de la base aérienne de Benslimane avec ${v.big} tonnes de vivres, de médicaments et de tentes destinés aux familles sinistrées par les inondations ${v.country.frIn}.`,
      },
      h2: { ar: 'تضامن إفريقي', fr: 'Une solidarité africaine' },
      detail: {
        ar: 'وتندرج هذه المبادرة في إطار التضامن الذي يبديه المغرب تجاه البلدان الإفريقية الشقيقة في مواجهة الكوارث الطبيعية، وقد جرى تنسيقها مع سلطات البلد المستفيد لضمان وصولها إلى مستحقيها.',
        fr: "Cette initiative s'inscrit dans la solidarité du Maroc avec les pays africains frères face aux catastrophes naturelles. Elle a été coordonnée avec les autorités du pays bénéficiaire pour garantir la distribution aux populations.",
      },
      quote: {
        ar: 'نشكر المغرب على هذه الالتفاتة السريعة التي ستخفف معاناة آلاف الأسر.',
        fr: 'Nous remercions le Maroc pour ce geste rapide, qui soulagera des milliers de familles.',
      },
      quoteBy: { ar: `سفير ${v.country.ar} بالرباط`, fr: `L'ambassadeur ${v.country.frOf} à Rabat` },
    }),
  },
];

export const MONDE_TEXT: TopicText = {
  context: [
    {
      ar: 'وتنهج الدبلوماسية المغربية سياسة قائمة على الشراكات المتوازنة وتنويع الحلفاء، مع إيلاء أهمية خاصة للعمق الإفريقي للمملكة.',
      fr: "La diplomatie marocaine mène une politique fondée sur des partenariats équilibrés et la diversification de ses alliances, avec une attention particulière à l'ancrage africain du Royaume.",
    },
    {
      ar: 'ويعزز الموقع الجغرافي للمغرب، عند ملتقى إفريقيا وأوروبا والعالم العربي، دوره كمنصة للتبادل والاستثمار.',
      fr: "La position géographique du Maroc, au carrefour de l'Afrique, de l'Europe et du monde arabe, renforce son rôle de plateforme d'échanges et d'investissement.",
    },
  ],
  closing: [
    {
      ar: 'ويرتقب أن تتواصل المشاورات بين الجانبين خلال الأشهر المقبلة.',
      fr: 'Les consultations entre les deux parties devraient se poursuivre dans les prochains mois.',
    },
    {
      ar: 'وتتابع دوزيم هذا الملف في نشراتها الإخبارية وبرامجها الحوارية.',
      fr: 'Ce dossier est suivi par 2M dans ses journaux et ses magazines de débat.',
    },
  ],
  headings: [
    { ar: 'خلفيات', fr: 'Les enjeux' },
    { ar: 'الخطوات المقبلة', fr: 'Les prochaines étapes' },
  ],
};
