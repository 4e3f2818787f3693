import type { StaticPageKey } from '../../db/schema.ts';
import type { Bi } from './types.ts';

export interface StaticPageDef {
  title: Bi;
  /** HTML body per language. */
  body: Bi;
}

const html = (parts: string[]): string => parts.join('\n');

/**
 * Institutional pages of /navigationlinks/{page}. Reception parameters are
 * indicative demo values that the web team replaces with the current ones.
 */
export const STATIC_PAGES: Record<StaticPageKey, StaticPageDef> = {
  sur2m: {
    title: { ar: 'عن دوزيم', fr: 'À propos de 2M' },
    body: {
      ar: html([
        '<p>انطلق بث القناة الثانية «دوزيم» في 4 مارس 1989 من الدار البيضاء، لتكون أول قناة تلفزيونية خاصة في المغرب. ومنذ ذلك التاريخ، رافقت دوزيم تحولات المجتمع المغربي، وأصبحت موعدا يوميا لملايين المشاهدين داخل المملكة وخارجها.</p>',
        '<h2>قناة عمومية قريبة من المواطن</h2>',
        '<p>تنتمي دوزيم اليوم إلى القطب العمومي للإعلام السمعي البصري، وتشتغل في إطار دفتر تحملات تصادق عليه الهيئة العليا للاتصال السمعي البصري. وتبث القناة برامجها باللغات العربية والأمازيغية والفرنسية، مع حرص دائم على التعددية والقرب وجودة الخدمة العمومية.</p>',
        '<h2>عرض متنوع</h2>',
        '<ul><li>نشرات إخبارية يومية بالعربية والفرنسية والأمازيغية</li><li>مجلات حوارية وتحقيقات ووثائقيات</li><li>مسلسلات وأفلام تلفزيونية مغربية</li><li>برامج ترفيهية ومسابقات ومواهب</li><li>نقل مباشر للأحداث الرياضية والثقافية الكبرى</li></ul>',
        '<p>وإلى جانب البث التلفزيوني، توفر دوزيم خدماتها عبر موقعها الإلكتروني وتطبيقاتها وشبكات التواصل الاجتماعي، حيث يمكن متابعة البث المباشر وإعادة مشاهدة البرامج والنشرات في أي وقت.</p>',
        '<p>يقع مقر الشركة، صورياد دوزيم، في عين السبع بالدار البيضاء، حيث تعمل فرق التحرير والإنتاج والتقنيين على مدار الساعة.</p>',
      ]),
      fr: html([
        '<p>Lancée le 4 mars 1989 depuis Casablanca, 2M a été la première chaîne de télévision privée du Maroc. Depuis, elle accompagne les transformations de la société marocaine et s’est imposée comme un rendez-vous quotidien pour des millions de téléspectateurs, au Maroc et à l’étranger.</p>',
        '<h2>Une chaîne publique proche des citoyens</h2>',
        '<p>2M fait aujourd’hui partie du pôle audiovisuel public et exerce dans le cadre d’un cahier des charges approuvé par la Haute Autorité de la communication audiovisuelle (HACA). La chaîne diffuse ses programmes en arabe, en amazigh et en français, avec un attachement constant au pluralisme, à la proximité et à la qualité du service public.</p>',
        '<h2>Une offre variée</h2>',
        '<ul><li>Des journaux quotidiens en arabe, en français et en amazigh</li><li>Des magazines de débat, des enquêtes et des documentaires</li><li>Des séries et téléfilms marocains</li><li>Des divertissements, des jeux et des programmes de talents</li><li>Des retransmissions des grands événements sportifs et culturels</li></ul>',
        '<p>Au-delà de l’antenne, 2M propose ses contenus sur son site, ses applications et les réseaux sociaux : le direct, les replays des émissions et des journaux sont accessibles à tout moment.</p>',
        '<p>Le siège de la société SOREAD 2M se trouve à Aïn Sebaâ, à Casablanca, où les équipes de la rédaction, de la production et de la technique se relaient jour et nuit.</p>',
      ]),
    },
  },
  infos: {
    title: { ar: 'الأخبار على دوزيم', fr: "L'information sur 2M" },
    body: {
      ar: html([
        '<p>تضع مديرية الأخبار بدوزيم رهن إشارة المشاهدين عرضا إخباريا متكاملا، يقوم على الدقة والتوازن واحترام أخلاقيات المهنة، ويغطي الأحداث الوطنية والجهوية والدولية.</p>',
        '<h2>مواعيد النشرات</h2>',
        '<ul><li>النشرة الإخبارية بالأمازيغية: 12:00</li><li>الأخبار الزوالية بالعربية: 12:45</li><li>النشرة الإخبارية بالفرنسية: 13:30</li><li>النشرة المسائية بالفرنسية: 19:45</li><li>الأخبار المسائية بالعربية: 20:45</li></ul>',
        '<p>وتعتمد التغطية على شبكة من المراسلين في مختلف جهات المملكة، تنقل انشغالات المواطنين وتتابع الأوراش التنموية عن قرب، إلى جانب مجلات إخبارية تعمق النقاش في القضايا الكبرى.</p>',
        '<p>يمكن مشاهدة جميع النشرات مباشرة أو إعادة مشاهدتها في قسم «النشرات الإخبارية» على الموقع والتطبيقات.</p>',
      ]),
      fr: html([
        '<p>La direction de l’information de 2M propose une offre complète, fondée sur l’exactitude, l’équilibre et le respect de la déontologie, qui couvre l’actualité nationale, régionale et internationale.</p>',
        '<h2>Les rendez-vous</h2>',
        '<ul><li>Journal en amazigh : 12h00</li><li>Journal arabe de la mi-journée : 12h45</li><li>Journal de 13h30 en français</li><li>Journal du soir en français : 19h45</li><li>Journal arabe du soir : 20h45</li></ul>',
        '<p>La couverture s’appuie sur un réseau de correspondants dans toutes les régions du Royaume, au plus près des préoccupations des citoyens et des chantiers de développement, ainsi que sur des magazines qui approfondissent les grands débats.</p>',
        '<p>Tous les journaux sont à voir en direct ou en replay dans la rubrique « JT » du site et des applications.</p>',
      ]),
    },
  },
  mag: {
    title: { ar: 'مجلات دوزيم', fr: 'Les magazines de 2M' },
    body: {
      ar: html([
        '<p>تقدم دوزيم طيلة الأسبوع مجموعة من المجلات التي تتناول قضايا المجتمع والاقتصاد والصحة والثقافة، بلغة قريبة من المشاهد ومقاربة تجمع بين الخبرة والشهادات الحية.</p>',
        '<h2>أبرز المواعيد</h2>',
        '<ul><li>«صباحيات دوزيم»: المجلة الصباحية اليومية للأسرة</li><li>«وماذا بعد؟»: النقاش السياسي والاقتصادي الأسبوعي</li><li>«تحقيق»: مجلة التحقيقات الميدانية</li></ul>',
        '<p>وتحرص فرق التحرير على تنويع المواضيع والضيوف، وعلى إشراك المشاهدين عبر الأسئلة والشهادات التي يبعثون بها على منصات القناة.</p>',
        '<p>وتتوفر حلقات هذه المجلات كاملة في قسم إعادة المشاهدة، إلى جانب مقتطفات قصيرة تنشر على شبكات التواصل الاجتماعي للقناة.</p>',
      ]),
      fr: html([
        '<p>Tout au long de la semaine, 2M propose des magazines consacrés à la société, à l’économie, à la santé et à la culture, dans un langage accessible qui mêle expertise et témoignages.</p>',
        '<h2>Les rendez-vous phares</h2>',
        '<ul><li>« Sabahiyat 2M », le magazine matinal de toute la famille</li><li>« Mais encore ? », le débat politique et économique de la semaine</li><li>« Tahqiq », le magazine des enquêtes de terrain</li></ul>',
        '<p>Les rédactions veillent à varier les sujets et les invités, et associent les téléspectateurs grâce aux questions et témoignages envoyés sur les plateformes de la chaîne.</p>',
        '<p>Les numéros complets sont disponibles dans la rubrique replay, et des extraits courts sont publiés sur les réseaux sociaux de la chaîne.</p>',
      ]),
    },
  },
  culture: {
    title: { ar: 'دوزيم والثقافة', fr: '2M et la culture' },
    body: {
      ar: html([
        '<p>تعتبر دوزيم الثقافة جزءا أساسيا من رسالتها العمومية، فهي تواكب المهرجانات والمعارض والإصدارات، وتمنح الكلمة للمبدعين من مختلف الأجيال والتعبيرات.</p>',
        '<h2>دعم الإبداع المغربي</h2>',
        '<p>تساهم القناة في إنتاج المسلسلات والأفلام التلفزيونية المغربية، وتشجع المواهب الشابة عبر برامج مثل «ستارلايت»، كما تنقل أبرز الحفلات والتظاهرات الفنية التي تحتضنها مدن المملكة.</p>',
        '<p>وتولي دوزيم عناية خاصة للتراث المغربي بكل روافده العربية والأمازيغية والحسانية والأندلسية والعبرية والإفريقية، من خلال برامج وثائقية وكبسولات رقمية تعرف بالموسيقى والحرف والعادات.</p>',
        '<p>ويخصص الموقع قسما للثقافة يتابع يوميا أخبار السينما والموسيقى والمسرح والكتاب والفنون التشكيلية، مع حوارات وروبورتاجات من مختلف جهات المملكة.</p>',
      ]),
      fr: html([
        '<p>La culture est au cœur de la mission de service public de 2M : la chaîne suit les festivals, les expositions et les parutions, et donne la parole aux créateurs de toutes les générations et de toutes les expressions.</p>',
        '<h2>Soutenir la création marocaine</h2>',
        '<p>2M contribue à la production de séries et de téléfilms marocains, encourage les jeunes talents grâce à des programmes comme « Starlight » et retransmet les grands concerts et manifestations artistiques des villes du Royaume.</p>',
        '<p>La chaîne accorde une attention particulière au patrimoine marocain dans toutes ses composantes, arabe, amazighe, hassanie, andalouse, hébraïque et africaine, à travers des documentaires et des capsules numériques consacrés à la musique, à l’artisanat et aux traditions.</p>',
        '<p>Le site consacre une rubrique à la culture, qui suit chaque jour l’actualité du cinéma, de la musique, du théâtre, du livre et des arts plastiques, avec des entretiens et des reportages dans toutes les régions du Royaume.</p>',
      ]),
    },
  },
  conditions: {
    title: { ar: 'شروط الاستخدام', fr: "Conditions d'utilisation" },
    body: {
      ar: html([
        '<p>يخضع استعمال موقع دوزيم وتطبيقاته للشروط التالية. ويعد تصفح الموقع قبولا لها دون تحفظ.</p>',
        '<h2>1. الولوج إلى الخدمات</h2>',
        '<p>الولوج إلى الموقع مجاني. وتتطلب بعض الخدمات، مثل التعليق أو الاشتراك في النشرة الإخبارية، إنشاء حساب شخصي بمعلومات صحيحة، يلتزم المستعمل بالحفاظ على سرية بيانات الدخول الخاصة به.</p>',
        '<h2>2. الملكية الفكرية</h2>',
        '<p>جميع المحتويات المنشورة على الموقع، من نصوص وصور وفيديوهات وشعارات، محمية بموجب القوانين الجاري بها العمل، ولا يجوز نسخها أو إعادة نشرها دون إذن كتابي مسبق من صورياد دوزيم.</p>',
        '<h2>3. سلوك المستعمل</h2>',
        '<p>يلتزم المستعمل بعدم نشر أي محتوى مسيء أو مخالف للقانون أو ماس بكرامة الأشخاص، وتحتفظ دوزيم بحق حذف كل محتوى من هذا القبيل وتعليق الحسابات المعنية.</p>',
        '<h2>4. المعطيات الشخصية</h2>',
        '<p>تعالج المعطيات الشخصية طبقا للقانون 09-08 المتعلق بحماية الأشخاص الذاتيين تجاه معالجة المعطيات ذات الطابع الشخصي. ويمكن لكل مستعمل ممارسة حقوقه في الولوج والتصحيح والتعرض عبر مراسلة مصلحة الموقع.</p>',
      ]),
      fr: html([
        '<p>L’utilisation du site et des applications de 2M est soumise aux conditions suivantes. La navigation sur le site vaut acceptation sans réserve de celles-ci.</p>',
        '<h2>1. Accès aux services</h2>',
        '<p>L’accès au site est gratuit. Certains services, comme l’inscription à la newsletter, nécessitent la création d’un compte personnel avec des informations exactes ; l’utilisateur s’engage à garder ses identifiants confidentiels.</p>',
        '<h2>2. Propriété intellectuelle</h2>',
        '<p>L’ensemble des contenus publiés sur le site, textes, images, vidéos et logos, est protégé par la législation en vigueur. Toute reproduction ou rediffusion sans autorisation écrite préalable de SOREAD 2M est interdite.</p>',
        '<h2>3. Comportement de l’utilisateur</h2>',
        '<p>L’utilisateur s’interdit de publier tout contenu injurieux, illicite ou portant atteinte à la dignité des personnes. 2M se réserve le droit de supprimer de tels contenus et de suspendre les comptes concernés.</p>',
        '<h2>4. Données personnelles</h2>',
        '<p>Les données personnelles sont traitées conformément à la loi 09-08 relative à la protection des personnes physiques à l’égard du traitement des données à caractère personnel. Chaque utilisateur peut exercer ses droits d’accès, de rectification et d’opposition en écrivant au service du site.</p>',
      ]),
    },
  },
  'mentions-legales': {
    title: { ar: 'إشعارات قانونية', fr: 'Mentions légales' },
    body: {
      ar: html([
        '<h2>الناشر</h2>',
        '<p>الموقع من نشر الشركة المغربية للدراسات والإنجازات السمعية البصرية «صورياد دوزيم»، شركة مساهمة، يوجد مقرها الاجتماعي بالكيلومتر 7,3 طريق الرباط، عين السبع، الدار البيضاء.</p>',
        '<h2>مدير النشر</h2>',
        '<p>المدير العام للشركة بصفته مديرا للنشر. ويشرف على التحرير فريق مديرية الأخبار ومديرية الرقمنة.</p>',
        '<h2>الاستضافة</h2>',
        '<p>يستضاف الموقع لدى مزود خدمات مقيم بالمغرب، وفق معايير الأمن والتوفر المعمول بها.</p>',
        '<h2>التواصل</h2>',
        '<p>لأي استفسار يتعلق بالموقع أو بمحتوياته، يرجى استعمال استمارة الاتصال المتوفرة على الموقع. وتخضع هذه الإشعارات للقانون المغربي.</p>',
      ]),
      fr: html([
        '<h2>Éditeur</h2>',
        '<p>Le site est édité par la Société d’études et de réalisations audiovisuelles SOREAD 2M, société anonyme dont le siège social est situé km 7,3, route de Rabat, Aïn Sebaâ, Casablanca.</p>',
        '<h2>Directeur de la publication</h2>',
        '<p>Le directeur général de la société, en qualité de directeur de la publication. La rédaction est assurée par les équipes de la direction de l’information et de la direction du numérique.</p>',
        '<h2>Hébergement</h2>',
        '<p>Le site est hébergé par un prestataire établi au Maroc, selon les normes de sécurité et de disponibilité en vigueur.</p>',
        '<h2>Contact</h2>',
        '<p>Pour toute question relative au site ou à ses contenus, merci d’utiliser le formulaire de contact disponible sur le site. Les présentes mentions sont régies par le droit marocain.</p>',
      ]),
    },
  },
  charte2m: {
    title: { ar: 'ميثاق النهوض بصورة المرأة في الإعلام', fr: "Charte pour la valorisation de l'image de la femme" },
    body: {
      ar: html([
        '<p>انطلاقا من مسؤوليتها كمرفق عمومي، تلتزم دوزيم بتقديم صورة متوازنة ومنصفة للمرأة في برامجها ونشراتها وإعلاناتها، ومحاربة الصور النمطية التي تختزل أدوارها أو تمس بكرامتها.</p>',
        '<h2>التزاماتنا</h2>',
        '<ul><li>ضمان حضور متوازن للنساء كخبيرات ومسؤولات وضيفات في البرامج الحوارية والإخبارية</li><li>تفادي أي مضمون يكرس العنف أو التمييز ضد النساء</li><li>تشجيع الأعمال الدرامية التي تبرز تنوع أدوار المرأة في المجتمع</li><li>مراعاة هذه المبادئ في اختيار الإعلانات التجارية</li><li>تكوين فرق التحرير والإنتاج في مجال المساواة ومقاربة النوع</li></ul>',
        '<p>وتسهر لجنة داخلية على تتبع تطبيق هذا الميثاق وإعداد تقرير سنوي حوله، كما يمكن للمشاهدين توجيه ملاحظاتهم عبر استمارة الاتصال.</p>',
        '<p>ويندرج هذا الالتزام في إطار المبادئ الدستورية للمساواة والمناصفة، وتوصيات الهيئة العليا للاتصال السمعي البصري بشأن صورة المرأة في وسائل الإعلام.</p>',
      ]),
      fr: html([
        '<p>Fidèle à sa mission de service public, 2M s’engage à donner une image juste et équilibrée des femmes dans ses programmes, ses journaux et ses publicités, et à lutter contre les stéréotypes qui réduisent leurs rôles ou portent atteinte à leur dignité.</p>',
        '<h2>Nos engagements</h2>',
        '<ul><li>Assurer une présence équilibrée des femmes comme expertes, responsables et invitées dans les débats et les journaux</li><li>Écarter tout contenu banalisant la violence ou la discrimination à l’égard des femmes</li><li>Encourager les fictions qui montrent la diversité des rôles des femmes dans la société</li><li>Appliquer ces principes dans le choix des messages publicitaires</li><li>Former les équipes de rédaction et de production à l’égalité et à l’approche genre</li></ul>',
        '<p>Un comité interne veille à l’application de la charte et publie un rapport annuel. Les téléspectateurs peuvent faire part de leurs remarques via le formulaire de contact.</p>',
        '<p>Cet engagement s’inscrit dans les principes constitutionnels d’égalité et de parité, ainsi que dans les recommandations de la HACA sur l’image des femmes dans les médias.</p>',
      ]),
    },
  },
  recevoir2m: {
    title: { ar: 'كيف تستقبل دوزيم', fr: 'Comment recevoir 2M' },
    body: {
      ar: html([
        '<p>يمكن مشاهدة دوزيم مجانا بعدة طرق، داخل المغرب وخارجه. وتقدم المعطيات أدناه على سبيل الإرشاد، وقد تتغير حسب تطور الشبكات.</p>',
        '<h2>البث الرقمي الأرضي (TNT)</h2>',
        '<p>تبث دوزيم عبر شبكة التلفزة الرقمية الأرضية التي تغطي أغلب التراب الوطني. يكفي جهاز تلفاز متوافق أو جهاز استقبال رقمي مع هوائي أرضي، ثم إطلاق البحث التلقائي عن القنوات.</p>',
        '<h2>الأقمار الاصطناعية</h2>',
        '<ul><li>نايلسات (7 درجات غربا): التردد 10971 ميغاهرتز، الاستقطاب أفقي، معدل الترميز 27500، التصحيح 3/4</li><li>عربسات (26 درجة شرقا): التردد 12034 ميغاهرتز، الاستقطاب عمودي، معدل الترميز 27500، التصحيح 3/4</li><li>هوت بيرد (13 درجة شرقا): التردد 12597 ميغاهرتز، الاستقطاب عمودي، معدل الترميز 27500، التصحيح 3/4</li></ul>',
        '<h2>الإنترنت</h2>',
        '<p>يمكن متابعة البث المباشر على موقع دوزيم وتطبيقاتها للهواتف الذكية، إضافة إلى إعادة مشاهدة البرامج والنشرات.</p>',
      ]),
      fr: html([
        '<p>2M se regarde gratuitement de plusieurs façons, au Maroc comme à l’étranger. Les paramètres ci-dessous sont donnés à titre indicatif et peuvent évoluer avec les réseaux.</p>',
        '<h2>Télévision numérique terrestre (TNT)</h2>',
        '<p>2M est diffusée sur le réseau de la TNT, qui couvre la majeure partie du territoire. Il suffit d’un téléviseur compatible ou d’un adaptateur TNT avec une antenne râteau, puis de lancer la recherche automatique des chaînes.</p>',
        '<h2>Satellites</h2>',
        '<ul><li>Nilesat (7° Ouest) : 10 971 MHz, polarisation horizontale, débit de symboles 27 500, FEC 3/4</li><li>Arabsat (26° Est) : 12 034 MHz, polarisation verticale, débit de symboles 27 500, FEC 3/4</li><li>Hot Bird (13° Est) : 12 597 MHz, polarisation verticale, débit de symboles 27 500, FEC 3/4</li></ul>',
        '<h2>Internet</h2>',
        '<p>Le direct est disponible sur le site de 2M et sur ses applications mobiles, avec les replays des émissions et des journaux.</p>',
      ]),
    },
  },
  partenariat: {
    title: { ar: 'الشراكة والإشهار', fr: 'Partenariats' },
    body: {
      ar: html([
        '<p>تنفتح دوزيم على الشراكات مع المؤسسات العمومية والمقاولات والجمعيات، من أجل مواكبة المبادرات ذات الأثر الاجتماعي والثقافي والرياضي.</p>',
        '<h2>صيغ الشراكة</h2>',
        '<ul><li>الرعاية الإعلامية للتظاهرات الكبرى</li><li>الإنتاج المشترك للبرامج والمحتويات الرقمية</li><li>حملات التحسيس ذات المنفعة العامة</li><li>الحلول الإشهارية على التلفزة والموقع والتطبيقات</li></ul>',
        '<p>تدرس كل طلبات الشراكة وفق معايير الملاءمة مع الخط التحريري للقناة ومبادئ دفتر التحملات. ويمكن توجيه الطلبات إلى مديرية التواصل عبر استمارة الاتصال مع تقديم وصف مفصل للمشروع.</p>',
        '<p>وبالنسبة للمعلنين، يقترح فريق الإشهار عروضا تجمع بين الشاشة والمنصات الرقمية، مع احترام القواعد المنظمة للإشهار السمعي البصري وحماية الجمهور الناشئ.</p>',
      ]),
      fr: html([
        '<p>2M s’ouvre aux partenariats avec les institutions publiques, les entreprises et les associations pour accompagner les initiatives à impact social, culturel et sportif.</p>',
        '<h2>Formes de partenariat</h2>',
        '<ul><li>Partenariat média des grands événements</li><li>Coproduction d’émissions et de contenus numériques</li><li>Campagnes de sensibilisation d’intérêt général</li><li>Solutions publicitaires à l’antenne, sur le site et les applications</li></ul>',
        '<p>Chaque demande est étudiée au regard de la ligne éditoriale de la chaîne et des principes de son cahier des charges. Les demandes, accompagnées d’une description détaillée du projet, peuvent être adressées à la direction de la communication via le formulaire de contact.</p>',
        '<p>Pour les annonceurs, l’équipe publicité propose des offres qui combinent l’antenne et les plateformes numériques, dans le respect des règles de la publicité audiovisuelle et de la protection du jeune public.</p>',
      ]),
    },
  },
  'commission-programme': {
    title: { ar: 'لجنة أخلاقيات البرامج', fr: "Commission d'éthique des programmes" },
    body: {
      ar: html([
        '<p>أحدثت دوزيم لجنة لأخلاقيات البرامج تسهر على احترام القيم والمبادئ المنصوص عليها في دفتر التحملات، وفي مقدمتها احترام الكرامة الإنسانية وحماية الجمهور الناشئ والتعددية والإنصاف.</p>',
        '<h2>مهامها</h2>',
        '<ul><li>إبداء الرأي في البرامج قبل بثها عند الاقتضاء</li><li>دراسة ملاحظات وشكايات المشاهدين</li><li>اقتراح قواعد مهنية لتحسين جودة المحتوى</li><li>تتبع احترام نظام التصنيف العمري للبرامج</li></ul>',
        '<p>تتكون اللجنة من مهنيين وشخصيات مشهود لها بالكفاءة والاستقلالية، وتعد تقريرا سنويا عن أنشطتها. ويمكن لكل مشاهد مراسلة اللجنة عبر استمارة الاتصال.</p>',
        '<p>وتعمل اللجنة بتنسيق مع مديريات البرامج والأخبار، دون أن تحل محل مسؤولية التحرير، وتحرص على أن تكون آراؤها مبنية على دفتر التحملات والمواثيق المهنية.</p>',
      ]),
      fr: html([
        '<p>2M s’est dotée d’une commission d’éthique des programmes chargée de veiller au respect des valeurs et principes de son cahier des charges, au premier rang desquels la dignité humaine, la protection du jeune public, le pluralisme et l’équité.</p>',
        '<h2>Ses missions</h2>',
        '<ul><li>Donner un avis sur des programmes avant diffusion lorsque c’est nécessaire</li><li>Examiner les remarques et plaintes des téléspectateurs</li><li>Proposer des règles professionnelles pour améliorer la qualité des contenus</li><li>Suivre le respect de la signalétique jeunesse</li></ul>',
        '<p>Composée de professionnels et de personnalités reconnues pour leur compétence et leur indépendance, la commission publie un rapport annuel. Chaque téléspectateur peut la saisir via le formulaire de contact.</p>',
        '<p>La commission travaille en lien avec les directions des programmes et de l’information, sans se substituer à leur responsabilité éditoriale, et fonde ses avis sur le cahier des charges et les chartes professionnelles.</p>',
      ]),
    },
  },
  'appel-offre': {
    title: { ar: 'طلبات العروض', fr: "Appels d'offres" },
    body: {
      ar: html([
        '<p>تنشر صورياد دوزيم في هذه الصفحة طلبات العروض والاستشارات المتعلقة باقتناء المعدات والخدمات وإنتاج البرامج، وذلك طبقا لنظام الصفقات الخاص بالشركة ومبادئ الشفافية والمنافسة الحرة والمساواة بين المتنافسين.</p>',
        '<h2>كيفية المشاركة</h2>',
        '<ul><li>سحب ملف طلب العروض من مصلحة المشتريات أو تحميله من الموقع</li><li>إعداد العرض وفق نظام الاستشارة والوثائق المطلوبة</li><li>إيداع العرض داخل الأجل المحدد في الإعلان</li></ul>',
        '<p>ولأي استفسار تقني أو إداري حول ملف طلب العروض، يمكن للمتنافسين مراسلة مصلحة المشتريات كتابة قبل التاريخ المحدد لفتح الأظرفة بسبعة أيام على الأقل.</p>',
        '<p>تفتح الأظرفة في جلسة عمومية في التاريخ المحدد، وتنشر نتائج طلبات العروض على هذه الصفحة. وتجدون أسفله آخر الإعلانات المنشورة.</p>',
      ]),
      fr: html([
        '<p>SOREAD 2M publie sur cette page ses appels d’offres et consultations pour l’acquisition d’équipements, de services et la production de programmes, conformément à son règlement des achats et aux principes de transparence, de libre concurrence et d’égalité des candidats.</p>',
        '<h2>Comment participer</h2>',
        '<ul><li>Retirer le dossier auprès du service des achats ou le télécharger sur le site</li><li>Préparer l’offre conformément au règlement de consultation et aux pièces demandées</li><li>Déposer l’offre dans le délai fixé par l’avis</li></ul>',
        '<p>Pour toute question technique ou administrative sur un dossier, les candidats peuvent écrire au service des achats au plus tard sept jours avant la date d’ouverture des plis.</p>',
        '<p>Les plis sont ouverts en séance publique à la date indiquée et les résultats sont publiés sur cette page. Retrouvez ci-dessous les derniers avis publiés.</p>',
      ]),
    },
  },
};
