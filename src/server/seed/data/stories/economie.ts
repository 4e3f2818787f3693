import { arCount, fde, frNum } from '../../text.ts';
import { g, type Bi, type StoryTemplate, type TopicText } from '../types.ts';

const BASINS: readonly Bi[] = [
  { ar: 'سبو', fr: 'du Sebou' },
  { ar: 'أم الربيع', fr: "de l'Oum Er-Rbia" },
  { ar: 'اللوكوس', fr: 'du Loukkos' },
  { ar: 'سوس ماسة', fr: 'du Souss-Massa' },
  { ar: 'ملوية', fr: 'de la Moulouya' },
  { ar: 'تانسيفت', fr: 'du Tensift' },
  { ar: 'أبي رقراق', fr: 'du Bouregreg' },
  { ar: 'درعة واد نون', fr: 'du Drâa-Oued Noun' },
];

const MILLIONS = { one: 'مليون', two: 'مليوني', few: 'ملايين', many: 'مليون' };
const THOUSANDS = { one: 'ألف', two: 'ألفي', few: 'آلاف', many: 'ألف' };
const comma = (x: number, digits: number): string => x.toFixed(digits).replace('.', ',');

export const ECONOMIE: StoryTemplate[] = [
  {
    key: 'sinaat-sayarat',
    master: 'economie',
    child: 'entreprises',
    tags: ['emploi'],
    cities: ['tanger', 'kenitra', 'casablanca', 'fes', 'meknes', 'settat', 'el-jadida', 'mohammedia', 'oujda', 'agadir'],
    video: true,
    build: (v) => ({
      title: {
        ar: `صناعة السيارات: مصنع جديد لمكونات السيارات في ${v.city.ar} يحدث ${v.big} منصب شغل`,
        fr: `Automobile : un nouvel équipementier s'installe à ${v.city.fr} et crée ${v.big} emplois`,
      },
      subtitle: {
        ar: 'استثمار يعزز اندماج المنظومة الصناعية ويرفع نسبة الإدماج المحلي في قطاع السيارات.',
        fr: "Un investissement qui renforce l'écosystème et augmente le taux d'intégration locale du secteur automobile.",
      },
      lead: {
        ar: `دشنت مجموعة دولية متخصصة في صناعة الأسلاك والمكونات الكهربائية للسيارات مصنعا جديدا بالمنطقة الصناعية لمدينة ${v.city.ar}، باستثمار يناهز ${v.two * 10} مليون درهم، سيمكن من إحداث ${v.big} منصب شغل مباشر.`,
        fr: `Un groupe international spécialisé dans les faisceaux et composants électriques automobiles a inauguré une nouvelle usine dans la zone industrielle ${fde(v.city.fr)}. L'investissement avoisine ${v.two * 10} millions de dirhams et créera ${v.big} emplois directs.`,
      },
      h2: { ar: 'قطاع في صدارة الصادرات', fr: 'Un secteur en tête des exportations' },
      detail: {
        ar: 'ويعد قطاع السيارات أول قطاع مصدر بالمغرب، بفضل منظومات صناعية متكاملة تضم مصنعين كبارا ومئات الموردين. ويركز المصنع الجديد على مكونات السيارات الكهربائية الموجهة إلى السوق الأوروبية.',
        fr: "L'automobile est le premier secteur exportateur du Maroc, grâce à des écosystèmes intégrés réunissant de grands constructeurs et des centaines de fournisseurs. La nouvelle usine se concentre sur des composants de véhicules électriques destinés au marché européen.",
      },
      quote: {
        ar: 'اخترنا المغرب لجودة كفاءاته وقربه من أوروبا واستقرار مناخ الأعمال.',
        fr: "Nous avons choisi le Maroc pour la qualité de ses compétences, sa proximité avec l'Europe et la stabilité de son climat des affaires.",
      },
      quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'المدير العام', 'المديرة العامة')} للمصنع`, fr: `${v.person.fr}, ${g(v.person, 'directeur général', 'directrice générale')} de l'usine` },
    }),
  },
  {
    key: 'bourse-masi',
    master: 'economie',
    tags: ['bourse'],
    build: (v) => {
      const up = v.small % 3 !== 0;
      const x = comma(v.pct / 10 + v.small / 100, 2);
      return {
        title: {
          ar: `بورصة الدار البيضاء: مؤشر «مازي» ينهي الأسبوع على ${up ? 'ارتفاع' : 'انخفاض'} بنسبة ${x} في المائة`,
          fr: `Bourse de Casablanca : le MASI termine la semaine en ${up ? 'hausse' : 'baisse'} de ${x} %`,
        },
        subtitle: {
          ar: up ? 'قطاعات البنوك والبناء والاتصالات تقود المنحى الإيجابي.' : 'عمليات جني الأرباح تضغط على أسهم البنوك والعقار.',
          fr: up ? 'Les banques, le BTP et les télécoms tirent la tendance.' : 'Des prises de bénéfices pèsent sur les valeurs bancaires et immobilières.',
        },
        lead: {
          ar: `أنهت بورصة الدار البيضاء تداولات الأسبوع على ${up ? 'ارتفاع' : 'انخفاض'}، إذ ${up ? 'ربح' : 'فقد'} مؤشرها الرئيسي «مازي» ${x} في المائة، في ظل حجم معاملات ناهز ${v.big} مليون درهم.`,
          fr: `La Bourse de Casablanca a terminé la semaine en ${up ? 'hausse' : 'baisse'} : son indice principal, le MASI, a ${up ? 'gagné' : 'cédé'} ${x} %, pour un volume d'échanges d'environ ${v.big} millions de dirhams.`,
        },
        h2: { ar: 'أبرز الأسهم', fr: 'Les valeurs à suivre' },
        detail: {
          ar: `وتصدرت أسهم قطاع ${up ? 'البناء والأشغال العمومية' : 'الطاقة'} قائمة أكبر الرابحين، مستفيدة من آفاق الأوراش الكبرى، فيما سجلت بعض أسهم العقار تراجعا ملحوظا. ويظل أداء المؤشر منذ بداية السنة إيجابيا في مجمله.`,
          fr: `Les titres du ${up ? 'BTP' : "secteur de l'énergie"} figurent parmi les plus fortes hausses, portés par les perspectives des grands chantiers, tandis que certaines valeurs immobilières ont nettement reculé. Depuis le début de l'année, la performance de l'indice reste globalement positive.`,
        },
        quote: {
          ar: 'السوق يترقب نتائج الشركات المدرجة وقرارات السياسة النقدية المقبلة.',
          fr: 'Le marché attend les résultats des sociétés cotées et les prochaines décisions de politique monétaire.',
        },
        quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'محلل', 'محللة')} مالي${g(v.person, '', 'ة')}`, fr: `${v.person.fr}, ${g(v.person, 'analyste financier', 'analyste financière')}` },
      };
    },
  },
  {
    key: 'haqinat-sudud',
    master: 'economie',
    child: 'agriculture',
    tags: ['ressources-en-eau', 'monde-rural'],
    dossier: 'defi-de-l-eau',
    build: (v) => {
      const basin = BASINS[v.round % BASINS.length] as Bi;
      const pct = 15 + v.pct;
      return {
        title: {
          ar: `حقينة السدود: نسبة ملء سدود حوض ${basin.ar} تبلغ ${pct} في المائة`,
          fr: `Barrages : le taux de remplissage du bassin ${basin.fr} atteint ${pct} %`,
        },
        subtitle: {
          ar: 'التساقطات الأخيرة حسنت الوضعية دون أن تنهي آثار سنوات الجفاف المتتالية.',
          fr: 'Les dernières pluies ont amélioré la situation sans effacer les effets de plusieurs années de sécheresse.',
        },
        lead: {
          ar: `بلغت نسبة ملء السدود بحوض ${basin.ar} المائي ${pct} في المائة، حسب آخر المعطيات الرسمية، بعد التساقطات المطرية التي عرفتها عدة مناطق خلال الأسابيع الأخيرة.`,
          fr: `Le taux de remplissage des barrages du bassin hydraulique ${basin.fr} atteint ${pct} %, selon les derniers chiffres officiels, à la suite des pluies enregistrées dans plusieurs régions ces dernières semaines.`,
        },
        h2: { ar: 'ترشيد الاستهلاك', fr: "Économiser l'eau" },
        detail: {
          ar: 'ورغم هذا التحسن، تدعو السلطات إلى مواصلة ترشيد استهلاك الماء، سواء في الاستعمالات المنزلية أو في السقي، مع تسريع مشاريع الربط بين الأحواض وإعادة استعمال المياه العادمة المعالجة.',
          fr: "Malgré cette amélioration, les autorités appellent à poursuivre les économies d'eau, à domicile comme en irrigation, et à accélérer les projets d'interconnexion des bassins et de réutilisation des eaux usées traitées.",
        },
        quote: {
          ar: 'كل قطرة مهمة. التحسن الحالي ظرفي، والتحدي المائي هيكلي ويتطلب تغيير سلوكياتنا.',
          fr: 'Chaque goutte compte. L’embellie est conjoncturelle, alors que le défi de l’eau est structurel et exige de changer nos habitudes.',
        },
        quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'خبير', 'خبيرة')} في الموارد المائية`, fr: `${v.person.fr}, ${g(v.person, 'expert', 'experte')} en ressources hydriques` },
        bullets: [
          { ar: 'مراقبة التسربات في الشبكات المنزلية', fr: 'Surveiller les fuites dans les installations domestiques' },
          { ar: 'اعتماد السقي بالتنقيط', fr: "Recourir à l'irrigation goutte-à-goutte" },
          { ar: 'إعادة استعمال المياه المعالجة لسقي المساحات الخضراء', fr: 'Arroser les espaces verts avec des eaux traitées' },
        ],
      };
    },
  },
  {
    key: 'tahliyat-miyah',
    master: 'economie',
    tags: ['ressources-en-eau', 'energies-renouvelables'],
    dossier: 'defi-de-l-eau',
    cities: ['casablanca', 'agadir', 'safi', 'dakhla', 'laayoune', 'tanger', 'nador', 'el-jadida', 'essaouira', 'tiznit'],
    video: true,
    build: (v) => {
      const m3 = 20 + v.two * 5;
      return {
        title: {
          ar: `تحلية مياه البحر: محطة ${v.city.ar} ستنتج ${arCount(m3, MILLIONS)} متر مكعب سنويا`,
          fr: `Dessalement : la station ${fde(v.city.fr)} produira ${m3} millions de m³ par an`,
        },
        subtitle: {
          ar: 'مشروع يعتمد على الطاقة المتجددة لتأمين الماء الشروب وسقي الأراضي الفلاحية.',
          fr: "Un projet alimenté par les énergies renouvelables pour sécuriser l'eau potable et l'irrigation.",
        },
        lead: {
          ar: `تتقدم أشغال إنجاز محطة تحلية مياه البحر في ${v.city.ar}، التي ستبلغ طاقتها الإنتاجية ${arCount(m3, MILLIONS)} متر مكعب سنويا، موجهة لتزويد الساكنة بالماء الشروب وسقي آلاف الهكتارات من الأراضي الفلاحية.`,
          fr: `Le chantier de la station de dessalement ${fde(v.city.fr)} avance. D'une capacité de ${m3} millions de mètres cubes par an, elle alimentera la population en eau potable et irriguera des milliers d'hectares agricoles.`,
        },
        h2: { ar: 'طاقة نظيفة', fr: 'Une énergie propre' },
        detail: {
          ar: `وستعتمد المحطة على الطاقة الريحية والشمسية لتقليص كلفة الإنتاج وبصمتها الكربونية، فيما يتوقع أن تستفيد منها ${arCount(v.two * 10, { one: 'ألف', two: 'ألفا', few: 'آلاف', many: 'ألف' })} نسمة بالمدينة والجماعات المجاورة.`,
          fr: `La station fonctionnera à l'énergie éolienne et solaire afin de réduire son coût et son empreinte carbone. Elle desservira près de ${frNum(v.two * 10000)} habitants de la ville et des communes voisines.`,
        },
        quote: {
          ar: 'التحلية لم تعد خيارا بل ضرورة لمواجهة ندرة المياه، خاصة في المدن الساحلية.',
          fr: "Le dessalement n'est plus une option mais une nécessité face à la rareté de l'eau, surtout dans les villes côtières.",
        },
        quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'مهندس', 'مهندسة')} بالمكتب الوطني للكهرباء والماء الصالح للشرب`, fr: `${v.person.fr}, ${g(v.person, 'ingénieur', 'ingénieure')} à l'ONEE` },
      };
    },
  },
  {
    key: 'jani-zaytoun',
    master: 'economie',
    child: 'agriculture',
    tags: ['monde-rural'],
    cities: ['fes', 'meknes', 'marrakech', 'beni-mellal', 'taroudant', 'chefchaouen', 'oujda', 'settat', 'errachidia', 'safi'],
    build: (v) => {
      const t = 20 + v.two * 5;
      return {
        title: {
          ar: `موسم جني الزيتون: إنتاج مرتقب بـ${arCount(t, THOUSANDS)} طن في جهة ${v.city.ar}`,
          fr: `Olives : une récolte estimée à ${frNum(t * 1000)} tonnes dans la région ${fde(v.city.fr)}`,
        },
        subtitle: {
          ar: 'تحسن المردودية بفضل الأمطار الأخيرة، والمعاصر تستعد لموسم نشيط.',
          fr: 'Les rendements progressent grâce aux dernières pluies et les huileries se préparent à une saison chargée.',
        },
        lead: {
          ar: `انطلق موسم جني الزيتون بجهة ${v.city.ar} وسط توقعات بإنتاج يناهز ${arCount(t, THOUSANDS)} طن، أي بارتفاع قدره ${v.pct} في المائة مقارنة بالموسم الماضي، حسب المديرية الجهوية للفلاحة.`,
          fr: `La cueillette des olives a commencé dans la région ${fde(v.city.fr)}. La production est estimée à ${frNum(t * 1000)} tonnes, en hausse de ${v.pct} % par rapport à la saison précédente, selon la direction régionale de l'agriculture.`,
        },
        h2: { ar: 'أسعار الزيت', fr: "Le prix de l'huile" },
        detail: {
          ar: 'ويرتقب أن ينعكس تحسن الإنتاج على أسعار زيت الزيتون في الأسواق، بعد موسمين عرفا ارتفاعا قياسيا في الأسعار بسبب الجفاف. ويشغل الموسم آلاف العمال الموسميين في الضيعات والمعاصر.',
          fr: "La hausse de la production devrait se répercuter sur le prix de l'huile d'olive, après deux saisons de prix records liés à la sécheresse. La récolte mobilise des milliers de saisonniers dans les vergers et les huileries.",
        },
        quote: {
          ar: 'الأشجار حملت جيدا هذه السنة. نأمل أن تكون الأسعار عادلة للفلاح وللمستهلك.',
          fr: "Les arbres ont bien donné cette année. Nous espérons des prix justes pour l'agriculteur comme pour le consommateur.",
        },
        quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'فلاح', 'فلاحة')}`, fr: `${v.person.fr}, ${g(v.person, 'oléiculteur', 'oléicultrice')}` },
      };
    },
  },
  {
    key: 'siyaha-layali-mabit',
    master: 'economie',
    tags: ['tourisme'],
    cities: ['marrakech', 'agadir', 'fes', 'tanger', 'essaouira', 'ouarzazate', 'dakhla', 'chefchaouen', 'casablanca', 'rabat', 'tetouan', 'al-hoceima', 'ifrane'],
    build: (v) => ({
      title: {
        ar: `السياحة: ارتفاع ليالي المبيت في ${v.city.ar} بنسبة ${v.pct} في المائة`,
        fr: `Tourisme : les nuitées progressent de ${v.pct} % à ${v.city.fr}`,
      },
      subtitle: {
        ar: 'الأسواق الأوروبية والسياحة الداخلية تقودان الانتعاش، والمهنيون يراهنون على الربط الجوي.',
        fr: 'Marchés européens et tourisme interne portent la reprise ; les professionnels misent sur la desserte aérienne.',
      },
      lead: {
        ar: `سجلت مؤسسات الإيواء السياحي المصنفة في ${v.city.ar} ارتفاعا في ليالي المبيت بنسبة ${v.pct} في المائة خلال الأشهر التسعة الأولى من السنة، مقارنة بالفترة نفسها من السنة الماضية، وفق أرقام المرصد الوطني للسياحة.`,
        fr: `Les établissements d'hébergement classés ${fde(v.city.fr)} ont enregistré une hausse de ${v.pct} % des nuitées sur les neuf premiers mois de l'année, par rapport à la même période de l'an dernier, selon l'Observatoire du tourisme.`,
      },
      h2: { ar: 'أسواق واعدة', fr: 'Des marchés prometteurs' },
      detail: {
        ar: `ويعزى هذا الأداء إلى افتتاح خطوط جوية جديدة وتنظيم تظاهرات دولية، إلى جانب إقبال متزايد للسياح المغاربة، الذين يمثلون ${20 + v.two} في المائة من مجموع الليالي.`,
        fr: `Cette performance s'explique par l'ouverture de nouvelles lignes aériennes et l'organisation d'événements internationaux, ainsi que par l'engouement des touristes marocains, qui représentent ${20 + v.two} % des nuitées.`,
      },
      quote: {
        ar: 'نسبة الملء جيدة، لكن التحدي هو تنويع العرض وتحسين جودة الخدمات لاستقبال أعداد أكبر في أفق 2030.',
        fr: "Le taux d'occupation est bon, mais le défi est de diversifier l'offre et d'améliorer la qualité de service pour accueillir davantage de visiteurs d'ici 2030.",
      },
      quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'رئيس', 'رئيسة')} المجلس الجهوي للسياحة`, fr: `${v.person.fr}, ${g(v.person, 'président', 'présidente')} du conseil régional du tourisme` },
    }),
  },
  {
    key: 'mahatta-rihiya',
    master: 'economie',
    tags: ['energies-renouvelables'],
    cities: ['tanger', 'tetouan', 'essaouira', 'laayoune', 'dakhla', 'tiznit', 'taroudant', 'ouarzazate', 'khouribga', 'errachidia', 'safi'],
    video: true,
    build: (v) => {
      const mw = v.big / 2;
      return {
        title: {
          ar: `الطاقات المتجددة: تشغيل محطة ريحية بقدرة ${mw} ميغاواط قرب ${v.city.ar}`,
          fr: `Énergies renouvelables : un parc éolien de ${mw} MW mis en service près ${fde(v.city.fr)}`,
        },
        subtitle: {
          ar: 'المشروع يعزز حصة الطاقات النظيفة في المزيج الكهربائي الوطني ويزود وحدات صناعية.',
          fr: "Le projet renforce la part des énergies propres dans le mix électrique national et alimente des sites industriels.",
        },
        lead: {
          ar: `دخلت محطة جديدة لإنتاج الكهرباء من طاقة الرياح حيز التشغيل قرب ${v.city.ar}، بقدرة إجمالية تبلغ ${mw} ميغاواط، ستوجه جزءا من إنتاجها لتزويد وحدات صناعية في إطار القانون المنظم للطاقات المتجددة.`,
          fr: `Un nouveau parc éolien d'une puissance totale de ${mw} MW est entré en service près ${fde(v.city.fr)}. Une partie de sa production alimentera des sites industriels, dans le cadre de la loi sur les énergies renouvelables.`,
        },
        h2: { ar: 'نحو 52 في المائة', fr: 'Cap sur 52 %' },
        detail: {
          ar: 'ويهدف المغرب إلى رفع حصة الطاقات المتجددة إلى أكثر من 52 في المائة من القدرة الكهربائية المنشأة في أفق 2030، مع تطوير مشاريع للهيدروجين الأخضر في الأقاليم الجنوبية.',
          fr: "Le Maroc vise à porter la part des renouvelables à plus de 52 % de la puissance électrique installée à l'horizon 2030, tout en développant des projets d'hydrogène vert dans les provinces du Sud.",
        },
        quote: {
          ar: 'الموقع يتوفر على رياح قوية ومنتظمة طوال السنة، ما يضمن مردودية عالية للتوربينات.',
          fr: 'Le site bénéficie de vents forts et réguliers toute l’année, ce qui garantit un excellent rendement des turbines.',
        },
        quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'مدير', 'مديرة')} المحطة`, fr: `${v.person.fr}, ${g(v.person, 'directeur', 'directrice')} du parc` },
      };
    },
  },
  {
    key: 'tadakhum-asaar',
    master: 'economie',
    tags: ['pouvoir-d-achat'],
    build: (v) => {
      const x = comma(0.8 + ((v.pct + v.small) % 26) / 10, 1);
      return {
        title: {
          ar: `التضخم: مؤشر أسعار الاستهلاك يرتفع بـ${x} في المائة على أساس سنوي`,
          fr: `Inflation : l'indice des prix à la consommation progresse de ${x} % sur un an`,
        },
        subtitle: {
          ar: 'أسعار المواد الغذائية تواصل الارتفاع، فيما تستقر أسعار المحروقات.',
          fr: 'Les prix alimentaires poursuivent leur hausse, tandis que ceux des carburants se stabilisent.',
        },
        lead: {
          ar: `أفادت المندوبية السامية للتخطيط بأن مؤشر أسعار الاستهلاك سجل ارتفاعا بنسبة ${x} في المائة على أساس سنوي خلال الشهر الماضي، مدفوعا أساسا بارتفاع أسعار بعض المواد الغذائية.`,
          fr: `Le Haut-Commissariat au Plan indique que l'indice des prix à la consommation a augmenté de ${x} % sur un an le mois dernier, sous l'effet principalement de la hausse de certains produits alimentaires.`,
        },
        h2: { ar: 'تفاصيل حسب المواد', fr: 'Le détail par produit' },
        detail: {
          ar: 'وسجلت أكبر الزيادات في أسعار اللحوم والخضر والفواكه، بينما عرفت أسعار المحروقات والنقل استقرارا نسبيا. ويبقى التضخم الأساسي، الذي يستثني المواد ذات الأسعار المتقلبة، في مستوى معتدل.',
          fr: "Les plus fortes hausses concernent la viande, les légumes et les fruits, tandis que les prix des carburants et des transports sont restés relativement stables. L'inflation sous-jacente, qui exclut les produits aux prix volatils, demeure modérée.",
        },
        quote: {
          ar: 'المستوى الحالي للتضخم يظل متحكما فيه، لكن أسعار المواد الغذائية تحتاج إلى تتبع دقيق.',
          fr: 'Le niveau actuel de l’inflation reste maîtrisé, mais les prix alimentaires doivent être suivis de près.',
        },
        quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'خبير', 'خبيرة')} اقتصادي${g(v.person, '', 'ة')}`, fr: `${v.person.fr}, économiste` },
      };
    },
  },
  {
    key: 'muqawala-nashia',
    master: 'economie',
    child: 'entreprises',
    tags: ['numerique', 'emploi'],
    cities: ['casablanca', 'rabat', 'marrakech', 'tanger', 'fes', 'agadir', 'oujda', 'kenitra', 'meknes'],
    build: (v) => ({
      title: {
        ar: `مقاولة ناشئة من ${v.city.ar} تجمع تمويلا بقيمة ${v.two} مليون درهم لتطوير تطبيقها`,
        fr: `Une start-up ${fde(v.city.fr)} lève ${v.two} millions de dirhams pour développer son application`,
      },
      subtitle: {
        ar: 'حل رقمي لتسهيل الأداء الإلكتروني لدى التجار الصغار يستعد للتوسع نحو إفريقيا.',
        fr: "Une solution de paiement mobile pour les petits commerçants se prépare à conquérir l'Afrique.",
      },
      lead: {
        ar: `نجحت مقاولة ناشئة مقرها ${v.city.ar} في جمع تمويل بقيمة ${v.two} مليون درهم من صناديق استثمار مغربية ودولية، لتطوير تطبيقها المخصص للأداء عبر الهاتف المحمول لدى التجار الصغار.`,
        fr: `Une start-up basée à ${v.city.fr} a levé ${v.two} millions de dirhams auprès de fonds d'investissement marocains et étrangers pour développer son application de paiement mobile destinée aux petits commerçants.`,
      },
      h2: { ar: 'طموح قاري', fr: 'Une ambition continentale' },
      detail: {
        ar: `ويستعمل التطبيق حاليا أزيد من ${arCount(v.big * 10, { one: 'تاجر', two: 'تاجرين', few: 'تجار', many: 'تاجرا' })} في عدة مدن مغربية، وتعتزم الشركة توظيف ${arCount(v.two, { one: 'مهندس', two: 'مهندسين', few: 'مهندسين', many: 'مهندسا' })} جديدا قبل إطلاق خدماتها في بلدين إفريقيين السنة المقبلة.`,
        fr: `L'application est déjà utilisée par plus de ${frNum(v.big * 10)} commerçants dans plusieurs villes du Royaume. L'entreprise prévoit de recruter ${v.two} ingénieurs avant de se lancer dans deux pays africains l'an prochain.`,
      },
      quote: {
        ar: 'بدأنا بثلاثة أشخاص في غرفة صغيرة. اليوم نثبت أن المواهب المغربية قادرة على المنافسة دوليا.',
        fr: 'Nous avons commencé à trois dans une petite pièce. Aujourd’hui, nous prouvons que les talents marocains peuvent rivaliser à l’international.',
      },
      quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'مؤسس', 'مؤسسة')} الشركة`, fr: `${v.person.fr}, ${g(v.person, 'fondateur', 'fondatrice')} de la start-up` },
    }),
  },
  {
    key: 'tasdir-hawamid',
    master: 'economie',
    child: 'agriculture',
    tags: ['monde-rural'],
    cities: ['agadir', 'taroudant', 'beni-mellal', 'kenitra', 'marrakech', 'oujda', 'nador'],
    build: (v) => ({
      title: {
        ar: `الحوامض: انطلاق موسم التصدير من جهة ${v.city.ar} نحو ${v.country.ar}`,
        fr: `Agrumes : la région ${fde(v.city.fr)} lance sa saison d'export vers ${v.country.frThe}`,
      },
      subtitle: {
        ar: 'الكليمانتين والبرتقال المغربي يراهنان على أسواق جديدة إلى جانب الأسواق التقليدية.',
        fr: 'Clémentines et oranges marocaines misent sur de nouveaux débouchés en plus des marchés traditionnels.',
      },
      lead: {
        ar: `انطلقت أولى شحنات الحوامض من محطات التلفيف بجهة ${v.city.ar} نحو ${v.country.ar}، في موسم يتوقع المهنيون أن يعرف ارتفاعا في الكميات المصدرة بنحو ${v.pct} في المائة.`,
        fr: `Les premiers chargements d'agrumes ont quitté les stations de conditionnement de la région ${fde(v.city.fr)} vers ${v.country.frThe}, pour une saison où les professionnels anticipent une hausse des volumes exportés d'environ ${v.pct} %.`,
      },
      h2: { ar: 'الجودة والتتبع', fr: 'Qualité et traçabilité' },
      detail: {
        ar: 'وتخضع الشحنات لمراقبة صارمة من قبل المكتب الوطني للسلامة الصحية للمنتجات الغذائية، لضمان احترام معايير الجودة والتتبع التي تفرضها الأسواق الخارجية.',
        fr: "Les envois sont contrôlés par l'Office national de sécurité sanitaire des produits alimentaires (ONSSA), qui veille au respect des normes de qualité et de traçabilité exigées par les marchés étrangers.",
      },
      quote: {
        ar: 'الطلب قوي على الكليمانتين المغربي لمذاقه الجيد وجودة تلفيفه.',
        fr: 'La clémentine marocaine est très demandée pour son goût et la qualité de son conditionnement.',
      },
      quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'مصدر', 'مصدرة')}`, fr: `${v.person.fr}, ${g(v.person, 'exportateur', 'exportatrice')}` },
    }),
  },
  {
    key: 'aqar-asaar',
    master: 'economie',
    tags: ['immobilier'],
    cities: ['casablanca', 'rabat', 'marrakech', 'tanger', 'fes', 'agadir', 'meknes', 'kenitra', 'oujda', 'el-jadida', 'mohammedia', 'sale'],
    build: (v) => ({
      title: {
        ar: `العقار: تراجع أسعار الشقق في ${v.city.ar} بنسبة ${v.small} في المائة خلال الفصل الثالث`,
        fr: `Immobilier : les prix des appartements reculent de ${v.small} % à ${v.city.fr} au troisième trimestre`,
      },
      subtitle: {
        ar: 'المشترون يستفيدون من برنامج الدعم المباشر للسكن، والمنعشون يراجعون أسعارهم.',
        fr: "Les acquéreurs profitent de l'aide directe au logement et les promoteurs revoient leurs prix.",
      },
      lead: {
        ar: `عرفت أسعار الشقق في ${v.city.ar} تراجعا بنسبة ${v.small} في المائة خلال الفصل الثالث من السنة، حسب مؤشر أسعار الأصول العقارية، في حين ارتفع عدد المعاملات بفضل برنامج الدعم المباشر للسكن.`,
        fr: `Les prix des appartements ont reculé de ${v.small} % à ${v.city.fr} au troisième trimestre, selon l'indice des prix des actifs immobiliers, tandis que le nombre de transactions a augmenté grâce au programme d'aide directe au logement.`,
      },
      h2: { ar: 'فرصة للأسر', fr: 'Une fenêtre pour les ménages' },
      detail: {
        ar: 'ويتيح البرنامج دعما ماليا مباشرا لاقتناء مسكن رئيسي، ما شجع عددا من الأسر الشابة ومغاربة العالم على الإقدام على الشراء، خاصة في المشاريع المتوسطة.',
        fr: "Le programme accorde une aide financière directe pour l'achat d'une résidence principale, ce qui a encouragé de jeunes ménages et des Marocains du monde à franchir le pas, notamment dans les projets de moyen standing.",
      },
      quote: {
        ar: 'السوق في مرحلة تصحيح. من يبحث عن سكن رئيسي لديه اليوم هامش أكبر للتفاوض.',
        fr: "Le marché est en phase de correction. Ceux qui cherchent une résidence principale ont aujourd'hui davantage de marge de négociation.",
      },
      quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'وكيل', 'وكيلة')} عقاري${g(v.person, '', 'ة')}`, fr: `${v.person.fr}, ${g(v.person, 'agent immobilier', 'agente immobilière')}` },
    }),
  },
  {
    key: 'asaar-khudar',
    master: 'economie',
    child: 'agriculture',
    tags: ['pouvoir-d-achat', 'monde-rural'],
    build: (v) => ({
      title: {
        ar: `الأسعار: الطماطم بـ${arCount(v.small, { one: 'درهم', two: 'درهمين', few: 'دراهم', many: 'درهما' })} للكيلوغرام في سوق الجملة لمدينة ${v.city.ar}`,
        fr: `Prix : la tomate à ${v.small} dirhams le kilo au marché de gros ${fde(v.city.fr)}`,
      },
      subtitle: {
        ar: 'وفرة العرض تخفف الضغط على القدرة الشرائية، مع تفاوت في أسعار التقسيط بين الأحياء.',
        fr: "L'abondance de l'offre soulage le pouvoir d'achat, avec des écarts de prix au détail selon les quartiers.",
      },
      lead: {
        ar: `استقر سعر الطماطم في سوق الجملة لمدينة ${v.city.ar} في حدود ${arCount(v.small, { one: 'درهم', two: 'درهمين', few: 'دراهم', many: 'درهما' })} للكيلوغرام، فيما عرفت أسعار البطاطس والبصل انخفاضا طفيفا، بفضل وفرة الإنتاج في المناطق المجاورة.`,
        fr: `Au marché de gros ${fde(v.city.fr)}, la tomate se négocie autour de ${v.small} dirhams le kilo, tandis que les prix de la pomme de terre et de l'oignon baissent légèrement grâce à une production abondante dans les régions voisines.`,
      },
      h2: { ar: 'المراقبة مستمرة', fr: 'Des contrôles renforcés' },
      detail: {
        ar: 'وتواصل لجان المراقبة جولاتها في الأسواق لمحاربة المضاربة والتأكد من إشهار الأسعار، وقد حررت عدة مخالفات في حق تجار لم يحترموا القوانين الجاري بها العمل.',
        fr: "Les commissions de contrôle multiplient les visites sur les marchés pour lutter contre la spéculation et vérifier l'affichage des prix ; plusieurs infractions ont été relevées contre des commerçants en situation irrégulière.",
      },
      quote: {
        ar: 'الأسعار هذا الأسبوع في متناول الأسر، لكن الفرق بين سعر الجملة والتقسيط ما يزال كبيرا.',
        fr: 'Les prix de la semaine sont abordables, mais l’écart entre le gros et le détail reste important.',
      },
      quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'تاجر', 'تاجرة')} بالجملة`, fr: `${v.person.fr}, ${g(v.person, 'grossiste', 'grossiste')}` },
    }),
  },
];

export const ECONOMIE_TEXT: TopicText = {
  context: [
    {
      ar: 'ويأتي ذلك في ظرفية اقتصادية تتسم بانتعاش تدريجي للاستثمار، مدعوما بميثاق الاستثمار الجديد والأوراش المرتبطة بالمواعيد الرياضية الكبرى.',
      fr: "Cela intervient dans une conjoncture marquée par une reprise progressive de l'investissement, soutenue par la nouvelle charte de l'investissement et les chantiers liés aux grands rendez-vous sportifs.",
    },
    {
      ar: 'ويؤكد الفاعلون الاقتصاديون أهمية تحسين مناخ الأعمال وتسهيل الولوج إلى التمويل، خاصة بالنسبة للمقاولات الصغرى والمتوسطة.',
      fr: "Les opérateurs économiques soulignent l'importance d'améliorer le climat des affaires et de faciliter l'accès au financement, en particulier pour les TPME.",
    },
    {
      ar: 'ويبقى تأثير التغيرات المناخية على الموارد المائية والإنتاج الفلاحي عاملا حاسما في أداء الاقتصاد الوطني.',
      fr: "L'effet du changement climatique sur les ressources en eau et la production agricole reste un facteur déterminant pour la performance de l'économie nationale.",
    },
  ],
  closing: [
    {
      ar: 'ويرتقب أن تنشر أرقام مفصلة في التقارير الفصلية المقبلة للمؤسسات المختصة.',
      fr: 'Des chiffres détaillés devraient être publiés dans les prochains rapports trimestriels des institutions concernées.',
    },
    {
      ar: 'ويتابع المهنيون تطورات السوق عن كثب في انتظار الموسم المقبل.',
      fr: 'Les professionnels suivent de près l’évolution du marché en attendant la prochaine saison.',
    },
  ],
  headings: [
    { ar: 'قراءة في الأرقام', fr: 'Lecture des chiffres' },
    { ar: 'آفاق', fr: 'Perspectives' },
  ],
};
