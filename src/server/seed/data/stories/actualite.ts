import { arBi, fde, arCount, arNum, frNum } from '../../text.ts';
import { g, type Bi, type StoryTemplate, type TopicText } from '../types.ts';

const LAWS: readonly Bi[] = [
  { ar: 'حماية المعطيات الشخصية', fr: 'la protection des données personnelles' },
  { ar: 'الاقتصاد الاجتماعي والتضامني', fr: "l'économie sociale et solidaire" },
  { ar: 'السلامة الطرقية', fr: 'la sécurité routière' },
  { ar: 'وضعية الفنان والمهن الفنية', fr: "le statut de l'artiste et des métiers artistiques" },
  { ar: 'الشركات الناشئة', fr: 'les start-up' },
  { ar: 'تدبير النفايات', fr: 'la gestion des déchets' },
  { ar: 'الماء', fr: "l'eau" },
  { ar: 'التكوين المهني', fr: 'la formation professionnelle' },
];

const CONFERENCES: readonly Bi[] = [
  { ar: 'الأمن الغذائي في إفريقيا', fr: 'la sécurité alimentaire en Afrique' },
  { ar: 'الذكاء الاصطناعي والخدمات العمومية', fr: "l'intelligence artificielle et les services publics" },
  { ar: 'التغيرات المناخية والمدن', fr: 'le changement climatique et les villes' },
  { ar: 'الأمن السيبراني', fr: 'la cybersécurité' },
  { ar: 'الهجرة والتنمية', fr: 'la migration et le développement' },
  { ar: 'الاقتصاد الأزرق', fr: "l'économie bleue" },
];

const DECREES: readonly Bi[] = [
  { ar: 'دعم السكن', fr: "l'aide au logement" },
  { ar: 'التغطية الصحية', fr: 'la couverture médicale' },
  { ar: 'النقل العمومي', fr: 'le transport public' },
  { ar: 'الاستثمار', fr: "l'investissement" },
  { ar: 'التعليم الأولي', fr: "l'enseignement préscolaire" },
];

export const ACTUALITE: StoryTemplate[] = [
  {
    key: 'nashra-indhariya-amtar',
    master: 'actualite',
    child: 'meteo',
    tags: ['intemperies'],
    video: true,
    build: (v) => {
      const mm = 30 + v.two;
      return {
        title: {
          ar: `نشرة إنذارية: أمطار قوية تصل إلى ${mm} ملم مرتقبة في ${v.city.ar} وعدد من الأقاليم`,
          fr: `Alerte météo : jusqu'à ${mm} mm de pluie attendus à ${v.city.fr} et dans plusieurs provinces`,
        },
        subtitle: {
          ar: 'المديرية العامة للأرصاد الجوية تدعو إلى توخي الحذر، خاصة في الطرق والمناطق المنخفضة.',
          fr: 'La Direction générale de la météorologie appelle à la vigilance, notamment sur les routes et dans les zones basses.',
        },
        lead: {
          ar: `أفادت المديرية العامة للأرصاد الجوية، في نشرة إنذارية من المستوى البرتقالي، بأن أمطارا قوية قد تصل إلى ${mm} ملم يرتقب أن تشهدها ${v.city.ar} وعدة أقاليم أخرى، ابتداء من مساء اليوم إلى غاية صباح الغد.`,
          fr: `La Direction générale de la météorologie (DGM) annonce, dans un bulletin d'alerte de niveau orange, de fortes pluies pouvant atteindre ${mm} mm à ${v.city.fr} et dans plusieurs autres provinces, de ce soir jusqu'à demain matin.`,
        },
        h2: { ar: 'الأقاليم المعنية', fr: 'Les provinces concernées' },
        detail: {
          ar: `وتشمل النشرة أيضا أقاليم ${v.city2.ar} ونواحيها، حيث يرتقب أن تكون التساقطات مصحوبة بهبات رياح قوية أحيانا. وتمت تعبئة مصالح الوقاية المدنية والسلطات المحلية لمواجهة أي طارئ.`,
          fr: `Le bulletin concerne également la province ${fde(v.city2.fr)} et ses environs, où les averses pourraient s'accompagner de rafales de vent. Les services de la protection civile et les autorités locales sont mobilisés pour faire face à toute situation d'urgence.`,
        },
        quote: {
          ar: 'ننصح السائقين بتخفيض السرعة وتفادي عبور الأودية والمجاري المائية خلال فترة التساقطات.',
          fr: "Nous conseillons aux automobilistes de réduire leur vitesse et d'éviter de traverser les oueds et les cours d'eau pendant les précipitations.",
        },
        quoteBy: { ar: 'المديرية العامة للأرصاد الجوية', fr: 'La Direction générale de la météorologie' },
        bullets: [
          { ar: 'تجنب التنقل غير الضروري خلال ذروة التساقطات', fr: 'Éviter les déplacements non indispensables au plus fort des averses' },
          { ar: 'عدم عبور الأودية والقناطر المغمورة', fr: 'Ne pas traverser les oueds ni les ponts submergés' },
          { ar: 'متابعة النشرات الجوية عبر وسائل الإعلام', fr: 'Suivre les bulletins météo dans les médias' },
        ],
      };
    },
  },
  {
    key: 'tasaqutat-thaljiya',
    master: 'actualite',
    child: 'meteo',
    tags: ['intemperies', 'monde-rural'],
    cities: ['ifrane', 'beni-mellal', 'errachidia', 'ouarzazate', 'al-hoceima', 'chefchaouen', 'khouribga', 'taroudant', 'meknes'],
    build: (v) => {
      const cm = 10 + v.two;
      return {
        title: {
          ar: `تساقطات ثلجية تصل إلى ${cm} سنتيمترا مرتقبة بمرتفعات إقليم ${v.city.ar}`,
          fr: `Chutes de neige : jusqu'à ${cm} cm attendus sur les reliefs de la province ${fde(v.city.fr)}`,
        },
        subtitle: {
          ar: 'انخفاض ملموس في درجات الحرارة وتعبئة لفرق إزاحة الثلوج لضمان فتح المحاور الطرقية.',
          fr: 'Baisse sensible des températures et mobilisation des équipes de déneigement pour maintenir les routes ouvertes.',
        },
        lead: {
          ar: `ترتقب المديرية العامة للأرصاد الجوية تساقطات ثلجية قد يصل سمكها إلى ${cm} سنتيمترا فوق المرتفعات التي يتجاوز علوها 1500 متر بإقليم ${v.city.ar}، مع موجة برد تتراوح خلالها درجات الحرارة الدنيا بين ناقص 4 و3 درجات.`,
          fr: `La DGM prévoit des chutes de neige pouvant atteindre ${cm} cm sur les reliefs de plus de 1 500 mètres de la province ${fde(v.city.fr)}, avec une vague de froid et des minimales comprises entre -4 et 3 °C.`,
        },
        h2: { ar: 'تعبئة لفك العزلة', fr: 'Mobilisation contre l’enclavement' },
        detail: {
          ar: 'وعبأت مصالح التجهيز آليات لإزاحة الثلوج على المحاور الجبلية، فيما تواصل السلطات توزيع مساعدات غذائية وأغطية على الأسر القاطنة بالدواوير المعزولة، في إطار المخطط الوطني لمواجهة آثار موجة البرد.',
          fr: "Les services de l'Équipement ont déployé des engins de déneigement sur les axes de montagne, tandis que les autorités distribuent des vivres et des couvertures aux familles des douars isolés, dans le cadre du plan national de lutte contre les effets de la vague de froid.",
        },
        quote: {
          ar: 'فرقنا مجندة على مدار الساعة، وقد أعدنا فتح جميع الطرق المقطوعة في أقل من 24 ساعة خلال الموجة الماضية.',
          fr: 'Nos équipes sont mobilisées 24 heures sur 24. Lors du dernier épisode, toutes les routes coupées ont été rouvertes en moins de 24 heures.',
        },
        quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'مسؤول', 'مسؤولة')} بالمديرية الإقليمية للتجهيز`, fr: `${v.person.fr}, ${g(v.person, 'responsable', 'responsable')} à la direction provinciale de l'Équipement` },
      };
    },
  },
  {
    key: 'taqs-nihayat-al-usbu',
    master: 'actualite',
    child: 'meteo',
    tags: ['intemperies'],
    build: (v) => {
      const max = 18 + (v.two % 9);
      return {
        title: {
          ar: `طقس نهاية الأسبوع: أجواء مشمسة في ${v.city.ar} وحرارة قصوى في حدود ${max} درجة`,
          fr: `Météo du week-end : temps ensoleillé à ${v.city.fr}, avec des maximales autour de ${max} °C`,
        },
        subtitle: {
          ar: 'سماء صافية إجمالا بأغلب مناطق المملكة، مع تكون سحب منخفضة وضباب صباحي قرب السواحل.',
          fr: 'Ciel dégagé sur la majeure partie du Royaume, avec des nuages bas et des brouillards matinaux près des côtes.',
        },
        lead: {
          ar: `يرتقب أن تسود أجواء مشمسة ومعتدلة خلال نهاية هذا الأسبوع في ${v.city.ar}، حيث ستتراوح درجات الحرارة القصوى بين ${max - 3} و${max} درجة، فيما ستكون الليالي باردة نسبيا بالمناطق الداخلية.`,
          fr: `Un temps ensoleillé et doux est attendu ce week-end à ${v.city.fr}, avec des maximales comprises entre ${max - 3} et ${max} °C. Les nuits resteront relativement fraîches dans les régions de l'intérieur.`,
        },
        h2: { ar: 'توقعات حسب المناطق', fr: 'Prévisions par région' },
        detail: {
          ar: `وفي ${v.city2.ar}، يتوقع أن تكون السماء غائمة جزئيا مع رياح معتدلة، بينما يرتقب تكون ضباب محلي في الصباح الباكر والليل فوق السهول الأطلسية، ما يستدعي الحذر على الطرق.`,
          fr: `À ${v.city2.fr}, le ciel sera partiellement nuageux avec un vent modéré. Des bancs de brouillard sont attendus tôt le matin et la nuit sur les plaines atlantiques : prudence sur les routes.`,
        },
        quote: {
          ar: 'هذه الأجواء المستقرة مرشحة للاستمرار إلى غاية منتصف الأسبوع المقبل قبل دخول اضطراب جوي جديد.',
          fr: "Ces conditions stables devraient se maintenir jusqu'au milieu de la semaine prochaine, avant l'arrivée d'une nouvelle perturbation.",
        },
        quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'خبير', 'خبيرة')} في الأرصاد الجوية`, fr: `${v.person.fr}, prévisionniste` },
      };
    },
  },
  {
    key: 'majlis-nuwwab-qanun',
    master: 'actualite',
    child: 'politique',
    tags: ['parlement'],
    build: (v) => {
      const law = LAWS[v.small % LAWS.length] as Bi;
      const votes = 150 + v.two * 2;
      return {
        title: {
          ar: `مجلس النواب يصادق على مشروع القانون المتعلق ${arBi(law.ar)} بأغلبية ${arCount(votes, { one: 'صوت', two: 'صوتين', few: 'أصوات', many: 'صوتا' })}`,
          fr: `La Chambre des représentants adopte le projet de loi sur ${law.fr} (${votes} voix pour)`,
        },
        subtitle: {
          ar: 'النص يحال على مجلس المستشارين بعد نقاش مطول وتعديلات همت عددا من مواده.',
          fr: 'Le texte est transmis à la Chambre des conseillers après un long débat et plusieurs amendements.',
        },
        lead: {
          ar: `صادق مجلس النواب، في جلسة تشريعية عامة، على مشروع القانون المتعلق ${arBi(law.ar)}، بعدما صوت لصالحه ${arCount(votes, { one: 'نائب', two: 'نائبان', few: 'نواب', many: 'نائبا' })}، فيما عارضه ${v.two} وامتنع ${arCount(v.small, { one: 'نائب', two: 'نائبان', few: 'نواب', many: 'نائبا' })} عن التصويت.`,
          fr: `La Chambre des représentants a adopté en séance plénière le projet de loi sur ${law.fr}, avec ${votes} voix pour, ${v.two} contre et ${v.small} abstentions.`,
        },
        h2: { ar: 'أبرز المستجدات', fr: 'Les principales nouveautés' },
        detail: {
          ar: `ويهدف النص إلى تحيين الإطار القانوني المنظم للمجال، وتعزيز آليات المراقبة، وتبسيط المساطر الإدارية. وقد أدخلت لجنة القطاعات المعنية ${arCount(v.two, { one: 'تعديل', two: 'تعديلين', few: 'تعديلات', many: 'تعديلا' })} على الصيغة الأصلية.`,
          fr: `Le texte vise à actualiser le cadre juridique du secteur, à renforcer les mécanismes de contrôle et à simplifier les procédures administratives. La commission compétente a apporté ${v.two} amendements à la version initiale.`,
        },
        quote: {
          ar: 'هذا القانون يستجيب لانتظارات المواطنين والفاعلين، وسيسمح بتجاوز عدد من الإشكالات المطروحة في الممارسة.',
          fr: 'Cette loi répond aux attentes des citoyens et des acteurs concernés, et permettra de lever plusieurs difficultés rencontrées sur le terrain.',
        },
        quoteBy: { ar: 'الوزير المعني خلال الجلسة العامة', fr: 'Le ministre de tutelle, en séance plénière' },
      };
    },
  },
  {
    key: 'majlis-hukuma-marasim',
    master: 'actualite',
    child: 'politique',
    tags: ['gouvernement'],
    build: (v) => {
      const topic = DECREES[v.two % DECREES.length] as Bi;
      return {
        title: {
          ar: `مجلس الحكومة يصادق على ${arCount(v.small, { one: 'مشروع مرسوم', two: 'مشروعي مرسومين', few: 'مشاريع مراسيم', many: 'مشروع مرسوم' })} من بينها نص يتعلق ${arBi(topic.ar)}`,
          fr: `Le Conseil de gouvernement approuve ${v.small} projets de décret, dont un texte relatif à ${topic.fr}`,
        },
        subtitle: {
          ar: 'الاجتماع الأسبوعي تناول أيضا تعيينات في مناصب عليا وعرضا حول تقدم الأوراش الاجتماعية.',
          fr: 'La réunion hebdomadaire a aussi porté sur des nominations à des fonctions supérieures et sur l’avancement des chantiers sociaux.',
        },
        lead: {
          ar: `صادق مجلس الحكومة، خلال اجتماعه الأسبوعي المنعقد بالرباط، على ${arCount(v.small, { one: 'مشروع مرسوم', two: 'مشروعي مرسومين', few: 'مشاريع مراسيم', many: 'مشروع مرسوم' })}، أبرزها نص يتعلق ${arBi(topic.ar)}، وفق ما أفاد به الناطق الرسمي باسم الحكومة في ندوة صحفية.`,
          fr: `Réuni à Rabat, le Conseil de gouvernement a approuvé ${v.small} projets de décret, dont le principal porte sur ${topic.fr}, a annoncé le porte-parole du gouvernement lors d'un point de presse.`,
        },
        h2: { ar: 'تعيينات جديدة', fr: 'Nouvelles nominations' },
        detail: {
          ar: 'كما صادق المجلس على مقترحات تعيين في مناصب عليا، وتدارس حصيلة تنزيل برامج الحماية الاجتماعية والدعم المباشر للأسر، في أفق تعميمها على جميع الفئات المستحقة.',
          fr: "Le Conseil a également approuvé des propositions de nomination à des fonctions supérieures et examiné le bilan des programmes de protection sociale et d'aide directe aux ménages, en vue de leur généralisation à toutes les catégories éligibles.",
        },
        quote: {
          ar: 'الحكومة ماضية في تنزيل الإصلاحات وفق الجدولة الزمنية المعلنة، مع الحرص على أثرها الملموس على المواطن.',
          fr: "Le gouvernement poursuit la mise en œuvre des réformes selon le calendrier annoncé, en veillant à leur impact concret sur le quotidien des citoyens.",
        },
        quoteBy: { ar: 'الناطق الرسمي باسم الحكومة', fr: 'Le porte-parole du gouvernement' },
      };
    },
  },
  {
    key: 'hawadith-sayr',
    master: 'actualite',
    tags: ['transport', 'securite'],
    build: (v) => {
      const injured = 1500 + v.big;
      return {
        title: {
          ar: `حوادث السير: مصرع ${arCount(v.two, { one: 'شخص', two: 'شخصين', few: 'أشخاص', many: 'شخصا' })} وإصابة ${arNum(injured)} آخرين بالمناطق الحضرية خلال أسبوع`,
          fr: `Accidents de la circulation : ${v.two} morts et ${frNum(injured)} blessés en périmètre urbain en une semaine`,
        },
        subtitle: {
          ar: 'عدم انتباه السائقين والسرعة المفرطة يتصدران أسباب الحوادث، حسب المديرية العامة للأمن الوطني.',
          fr: "L'inattention des conducteurs et l'excès de vitesse arrivent en tête des causes, selon la DGSN.",
        },
        lead: {
          ar: `لقي ${arCount(v.two, { one: 'شخص', two: 'شخصان', few: 'أشخاص', many: 'شخصا' })} مصرعهم، وأصيب ${arNum(injured)} آخرون بجروح، منهم ${v.big / 10 + 40} إصاباتهم بليغة، في حوادث سير بالمناطق الحضرية خلال الأسبوع الماضي، حسب حصيلة المديرية العامة للأمن الوطني.`,
          fr: `${v.two} personnes ont été tuées et ${frNum(injured)} autres blessées, dont ${v.big / 10 + 40} grièvement, dans des accidents de la circulation survenus en périmètre urbain la semaine dernière, selon le bilan de la Direction générale de la sûreté nationale.`,
        },
        h2: { ar: 'أسباب الحوادث', fr: 'Les causes des accidents' },
        detail: {
          ar: 'وتعزى هذه الحوادث أساسا إلى عدم انتباه السائقين، وعدم احترام حق الأسبقية، والسرعة المفرطة، وعدم انتباه الراجلين، وتغيير الاتجاه بدون إشارة. وحررت مصالح الأمن آلاف المخالفات وأحالت عددا من المحاضر على النيابة العامة.',
          fr: "Ces accidents sont principalement dus à l'inattention des conducteurs, au non-respect de la priorité, à l'excès de vitesse, à l'inattention des piétons et aux changements de direction sans clignotant. Les services de police ont dressé des milliers de contraventions et transmis plusieurs procès-verbaux au parquet.",
        },
        quote: {
          ar: 'السلامة الطرقية مسؤولية مشتركة: احترام قانون السير ينقذ الأرواح.',
          fr: 'La sécurité routière est une responsabilité partagée : respecter le code de la route sauve des vies.',
        },
        quoteBy: { ar: 'الوكالة الوطنية للسلامة الطرقية', fr: 'Agence nationale de la sécurité routière (NARSA)' },
      };
    },
  },
  {
    key: 'mahkama-nasb',
    master: 'actualite',
    tags: ['immobilier'],
    cities: ['casablanca', 'rabat', 'marrakech', 'fes', 'tanger', 'agadir', 'meknes', 'oujda', 'kenitra', 'el-jadida', 'beni-mellal', 'safi'],
    build: (v) => ({
      title: {
        ar: `محكمة ${v.city.ar}: انطلاق محاكمة ${arCount(v.small, { one: 'متهم', two: 'متهمين', few: 'متهمين', many: 'متهما' })} في قضية نصب عقاري`,
        fr: `Tribunal ${fde(v.city.fr)} : ouverture du procès de ${v.small} prévenus dans une affaire d'escroquerie immobilière`,
      },
      subtitle: {
        ar: `عشرات الضحايا أدوا تسبيقات لاقتناء شقق لم تبن قط، بقيمة إجمالية تناهز ${v.two} مليون درهم.`,
        fr: `Des dizaines de victimes avaient versé des avances pour des appartements jamais construits, pour un total de près de ${v.two} millions de dirhams.`,
      },
      lead: {
        ar: `انطلقت أمام غرفة الجنايات بمحكمة الاستئناف في ${v.city.ar} محاكمة ${arCount(v.small, { one: 'متهم', two: 'متهمين', few: 'متهمين', many: 'متهما' })}، من بينهم منعش عقاري، يتابعون بتهم النصب وخيانة الأمانة، بعد شكايات تقدم بها عشرات المواطنين.`,
        fr: `Le procès de ${v.small} prévenus, dont un promoteur immobilier, poursuivis pour escroquerie et abus de confiance, s'est ouvert devant la chambre criminelle de la cour d'appel ${fde(v.city.fr)}, après les plaintes de dizaines de citoyens.`,
      },
      h2: { ar: 'ضحايا ينتظرون الإنصاف', fr: 'Des victimes en attente de réparation' },
      detail: {
        ar: 'وحسب صك الاتهام، استغل المتهمون مشروعا سكنيا وهميا لجمع تسبيقات من أسر متوسطة الدخل، قبل أن يتوقف المشروع في مراحله الأولى. وقررت هيئة الحكم تأجيل الجلسة لإعداد الدفاع.',
        fr: "Selon l'acte d'accusation, les prévenus auraient utilisé un projet résidentiel fictif pour collecter des avances auprès de familles aux revenus modestes, avant que le chantier ne s'arrête à ses débuts. La cour a renvoyé l'audience pour permettre à la défense de se préparer.",
      },
      quote: {
        ar: 'ادخرنا لسنوات من أجل هذه الشقة. كل ما نطلبه هو استرجاع أموالنا.',
        fr: 'Nous avons économisé pendant des années pour cet appartement. Tout ce que nous demandons, c’est de récupérer notre argent.',
      },
      quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'أحد', 'إحدى')} الضحايا`, fr: `${v.person.fr}, ${g(v.person, "l'un", "l'une")} des victimes` },
    }),
  },
  {
    key: 'hajz-aqras',
    master: 'actualite',
    tags: ['securite'],
    build: (v) => {
      const pills = v.big * 10;
      return {
        title: {
          ar: `${v.city.ar}: حجز ${arNum(pills)} قرص مهلوس وتوقيف ${arCount(v.small, { one: 'مشتبه به', two: 'مشتبهين بهما', few: 'مشتبه بهم', many: 'مشتبها بهم' })}`,
          fr: `${v.city.fr} : ${frNum(pills)} comprimés psychotropes saisis, ${v.small} suspects interpellés`,
        },
        subtitle: {
          ar: 'العملية تمت بناء على معلومات دقيقة وفرتها مصالح المديرية العامة لمراقبة التراب الوطني.',
          fr: 'L’opération a été menée sur la base d’informations précises fournies par la DGST.',
        },
        lead: {
          ar: `تمكنت عناصر الشرطة القضائية بمدينة ${v.city.ar}، بتنسيق مع المديرية العامة لمراقبة التراب الوطني، من حجز ${arNum(pills)} قرص من المؤثرات العقلية وتوقيف ${arCount(v.small, { one: 'شخص', two: 'شخصين', few: 'أشخاص', many: 'شخصا' })} يشتبه في ارتباطهم بشبكة للاتجار في المخدرات.`,
          fr: `Les éléments de la police judiciaire ${fde(v.city.fr)}, en coordination avec la Direction générale de la surveillance du territoire, ont saisi ${frNum(pills)} comprimés psychotropes et interpellé ${v.small} personnes soupçonnées d'appartenir à un réseau de trafic de drogue.`,
        },
        h2: { ar: 'تفاصيل العملية', fr: "Le déroulé de l'opération" },
        detail: {
          ar: `وجرى توقيف المشتبه بهم على متن سيارة خفيفة بأحد المداخل الرئيسية للمدينة، فيما أسفرت عمليات التفتيش عن حجز مبالغ مالية يشتبه في كونها من عائدات هذا النشاط الإجرامي. ووضع الموقوفون تحت تدبير الحراسة النظرية رهن إشارة البحث القضائي الذي تشرف عليه النيابة العامة المختصة.`,
          fr: "Les suspects ont été arrêtés à bord d'un véhicule léger à l'une des principales entrées de la ville. Les perquisitions ont permis de saisir des sommes d'argent provenant vraisemblablement de cette activité criminelle. Les mis en cause ont été placés en garde à vue, à la disposition de l'enquête judiciaire menée sous la supervision du parquet compétent.",
        },
        quote: {
          ar: 'البحث متواصل من أجل تحديد باقي المتورطين المحتملين وامتدادات هذه الشبكة.',
          fr: 'Les investigations se poursuivent pour identifier les éventuels complices et les ramifications de ce réseau.',
        },
        quoteBy: { ar: 'بلاغ للمديرية العامة للأمن الوطني', fr: 'Communiqué de la DGSN' },
      };
    },
  },
  {
    key: 'mutamar-dawli',
    master: 'actualite',
    child: 'politique',
    tags: ['diplomatie'],
    cities: ['rabat', 'marrakech', 'tanger', 'casablanca', 'dakhla', 'fes', 'agadir'],
    build: (v) => {
      const topic = CONFERENCES[v.round % CONFERENCES.length] as Bi;
      return {
        title: {
          ar: `${v.city.ar} تحتضن مؤتمرا دوليا حول ${topic.ar} بمشاركة ${v.two} دولة`,
          fr: `${v.city.fr} accueille une conférence internationale sur ${topic.fr} avec ${v.two} pays`,
        },
        subtitle: {
          ar: 'وزراء وخبراء وممثلو منظمات دولية يبحثون سبل تعزيز التعاون وتبادل التجارب.',
          fr: "Ministres, experts et représentants d'organisations internationales réfléchissent aux moyens de renforcer la coopération.",
        },
        lead: {
          ar: `افتتحت في ${v.city.ar} أشغال مؤتمر دولي حول ${topic.ar}، بمشاركة وفود تمثل ${v.two} دولة ومنظمات إقليمية ودولية، وذلك على مدى ثلاثة أيام من النقاش وورشات العمل.`,
          fr: `${v.city.fr} accueille une conférence internationale consacrée à ${topic.fr}, réunissant pendant trois jours des délégations de ${v.two} pays ainsi que des organisations régionales et internationales.`,
        },
        h2: { ar: 'المغرب منصة للحوار', fr: 'Le Maroc, plateforme de dialogue' },
        detail: {
          ar: 'ويعكس احتضان المملكة لهذا الحدث الثقة التي تحظى بها لدى شركائها، ودورها في تعزيز التعاون جنوب-جنوب. ومن المرتقب أن تتوج الأشغال بإعلان ختامي يتضمن توصيات عملية.',
          fr: "L'accueil de cet événement par le Royaume reflète la confiance de ses partenaires et son rôle dans la promotion de la coopération Sud-Sud. Les travaux devraient déboucher sur une déclaration finale assortie de recommandations concrètes.",
        },
        quote: {
          ar: 'التحديات المشتركة تتطلب حلولا مشتركة، وهذا المؤتمر فرصة لتقاسم التجارب الناجحة.',
          fr: 'Des défis communs appellent des réponses communes : cette conférence est l’occasion de partager les expériences réussies.',
        },
        quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'رئيس', 'رئيسة')} اللجنة المنظمة`, fr: `${v.person.fr}, ${g(v.person, 'président', 'présidente')} du comité d'organisation` },
      };
    },
  },
  {
    key: 'idara-raqmiya',
    master: 'actualite',
    tags: ['numerique'],
    build: (v) => ({
      title: {
        ar: `الإدارة الرقمية: ${arCount(v.two, { one: 'خدمة', two: 'خدمتين', few: 'خدمات', many: 'خدمة' })} جديدة متاحة عن بعد لسكان ${v.city.ar}`,
        fr: `Administration numérique : ${v.two} nouveaux services en ligne pour les habitants ${fde(v.city.fr)}`,
      },
      subtitle: {
        ar: 'رخص البناء وشهادات السكنى والتصحيح الإمضاء: مساطر أقل وانتظار أقصر.',
        fr: 'Permis de construire, certificats de résidence, légalisation de signature : moins de démarches et moins d’attente.',
      },
      lead: {
        ar: `أطلقت جماعة ${v.city.ar} ${arCount(v.two, { one: 'خدمة', two: 'خدمتين', few: 'خدمات', many: 'خدمة' })} إدارية جديدة عبر منصتها الرقمية، تتيح للمرتفقين تقديم طلباتهم وتتبعها دون التنقل إلى المقاطعات، في إطار ورش رقمنة الإدارة العمومية.`,
        fr: `La commune ${fde(v.city.fr)} propose désormais ${v.two} nouvelles démarches sur sa plateforme numérique. Les usagers peuvent déposer et suivre leurs demandes sans se déplacer, dans le cadre de la transformation numérique de l'administration.`,
      },
      h2: { ar: 'أرقام أولية', fr: 'Premiers chiffres' },
      detail: {
        ar: `وحسب المعطيات الأولية، تقلصت مدة معالجة بعض الطلبات بنسبة ${v.pct} في المائة، فيما تجاوز عدد الحسابات المحدثة على المنصة ${arNum(v.big * 100)} حساب منذ إطلاقها.`,
        fr: `D'après les premières données, le délai de traitement de certaines demandes a reculé de ${v.pct} %, et plus de ${frNum(v.big * 100)} comptes ont été créés sur la plateforme depuis son lancement.`,
      },
      quote: {
        ar: 'هدفنا إدارة قريبة من المواطن، تشتغل بشفافية وتحترم وقته.',
        fr: 'Notre objectif : une administration proche du citoyen, transparente et respectueuse de son temps.',
      },
      quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'نائب', 'نائبة')} رئيس الجماعة`, fr: `${v.person.fr}, ${g(v.person, 'vice-président', 'vice-présidente')} du conseil communal` },
    }),
  },
];

export const ACTUALITE_TEXT: TopicText = {
  context: [
    {
      ar: 'ويأتي هذا المستجد في سياق وطني يتسم بتسريع الأوراش الكبرى، سواء في مجال البنيات التحتية أو الحماية الاجتماعية أو تحديث الإدارة.',
      fr: "Cette actualité s'inscrit dans un contexte national marqué par l'accélération des grands chantiers, qu'il s'agisse des infrastructures, de la protection sociale ou de la modernisation de l'administration.",
    },
    {
      ar: 'وتابع الرأي العام هذا الموضوع باهتمام كبير، حيث تصدر النقاشات على منصات التواصل الاجتماعي خلال الأيام الأخيرة.',
      fr: "Le sujet est suivi de près par l'opinion publique et a dominé les échanges sur les réseaux sociaux ces derniers jours.",
    },
    {
      ar: 'وتؤكد السلطات المعنية أنها ستواصل التواصل مع المواطنين بشكل منتظم حول تطورات هذا الملف.',
      fr: "Les autorités concernées assurent qu'elles continueront d'informer régulièrement les citoyens de l'évolution du dossier.",
    },
  ],
  closing: [
    {
      ar: 'وسنوافيكم بالمستجدات في النشرات الإخبارية لدوزيم وعلى موقعها الإلكتروني.',
      fr: 'Nous vous tiendrons informés dans les journaux de 2M et sur son site.',
    },
    {
      ar: 'ويرتقب أن تتضح الصورة أكثر خلال الأيام القليلة المقبلة.',
      fr: 'La situation devrait se préciser dans les prochains jours.',
    },
  ],
  headings: [
    { ar: 'السياق', fr: 'Le contexte' },
    { ar: 'ماذا بعد؟', fr: 'Et après ?' },
  ],
};

const TENDER_SUBJECTS: readonly { key: string; subject: Bi; kind: Bi }[] = [
  { key: 'cameras', subject: { ar: 'اقتناء كاميرات ومعدات التصوير', fr: "l'acquisition de caméras et d'équipements de tournage" }, kind: { ar: 'طلب عروض مفتوح', fr: "Appel d'offres ouvert" } },
  { key: 'nadafa', subject: { ar: 'خدمات النظافة وصيانة مقرات الشركة بعين السبع', fr: "les prestations de nettoyage et d'entretien des locaux d'Aïn Sebaâ" }, kind: { ar: 'طلب عروض مفتوح', fr: "Appel d'offres ouvert" } },
  { key: 'intaj-ramadan', subject: { ar: 'إنتاج برنامج ترفيهي لشهر رمضان', fr: "la production d'un programme de divertissement pour le mois de Ramadan" }, kind: { ar: 'استشارة', fr: 'Consultation' } },
  { key: 'baramij', subject: { ar: 'توريد تراخيص البرمجيات وصيانة المعدات المعلوماتية', fr: 'la fourniture de licences logicielles et la maintenance informatique' }, kind: { ar: 'طلب عروض مفتوح', fr: "Appel d'offres ouvert" } },
  { key: 'musalsalat', subject: { ar: 'إنتاج مسلسلات درامية للموسم المقبل', fr: 'la production de séries de fiction pour la prochaine saison' }, kind: { ar: 'استشارة', fr: 'Consultation' } },
];

/** Calls for tender published by the channel (the call-for-tenders tag). */
export const TENDERS: StoryTemplate[] = TENDER_SUBJECTS.map((t, i) => ({
  key: `talab-urud-${t.key}`,
  master: 'actualite' as const,
  tags: ['appels-d-offres'],
  build: (v) => {
    const ref = `${String(v.round + i * 7).padStart(2, '0')}/${v.year}`;
    return {
      title: {
        ar: `${t.kind.ar} رقم ${ref}: ${t.subject.ar}`,
        fr: `${t.kind.fr} n° ${ref} : ${t.subject.fr}`,
      },
      subtitle: {
        ar: 'تعلن شركة صورياد دوزيم عن فتح باب المنافسة أمام المقاولات المؤهلة.',
        fr: 'SOREAD 2M ouvre la mise en concurrence aux entreprises qualifiées.',
      },
      lead: {
        ar: `تعلن الشركة المغربية للدراسات والإنجازات السمعية البصرية «صورياد دوزيم» عن ${t.kind.ar} رقم ${ref} يتعلق ${arBi(t.subject.ar)}.`,
        fr: `La Société d'études et de réalisations audiovisuelles SOREAD 2M lance ${t.kind.fr === 'Consultation' ? 'la consultation' : "l'appel d'offres ouvert"} n° ${ref} portant sur ${t.subject.fr}.`,
      },
      h2: { ar: 'سحب الملف', fr: 'Retrait du dossier' },
      detail: {
        ar: 'يمكن سحب ملف طلب العروض مجانا من مصلحة المشتريات بمقر الشركة، الكيلومتر 7,3 طريق الرباط، عين السبع، الدار البيضاء، من الاثنين إلى الجمعة، أو تحميله من موقع الشركة. ويجب أن تودع العروض داخل أجل 21 يوما ابتداء من تاريخ هذا الإعلان.',
        fr: "Le dossier peut être retiré gratuitement auprès du service des achats, au siège de la société, km 7,3 route de Rabat, Aïn Sebaâ, Casablanca, du lundi au vendredi, ou téléchargé sur le site de la chaîne. Les offres doivent être déposées dans un délai de 21 jours à compter de la date du présent avis.",
      },
      quote: {
        ar: 'تخضع هذه المنافسة لنظام الصفقات الخاص بالشركة، وتفتح الأظرفة في جلسة عمومية.',
        fr: "La présente mise en concurrence est régie par le règlement des achats de la société ; l'ouverture des plis a lieu en séance publique.",
      },
      quoteBy: { ar: 'مديرية المشتريات - صورياد دوزيم', fr: 'Direction des achats - SOREAD 2M' },
      bullets: [
        { ar: 'الضمان المؤقت: محدد في ملف طلب العروض', fr: 'Caution provisoire : fixée dans le dossier' },
        { ar: 'الوثائق الإدارية والتقنية: وفق نظام الاستشارة', fr: 'Pièces administratives et techniques : selon le règlement de consultation' },
        { ar: 'لغة العروض: العربية أو الفرنسية', fr: 'Langue des offres : arabe ou français' },
      ],
    };
  },
}));
