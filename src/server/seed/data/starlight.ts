import type { Bi } from './types.ts';

export interface SeasonDef {
  number: number;
  year: number;
  title: Bi;
  description: Bi;
  coaches: number;
}

export const SEASONS: readonly SeasonDef[] = [
  {
    number: 1,
    year: 2024,
    title: { ar: 'ستارلايت - الموسم الأول', fr: 'Starlight - Saison 1' },
    description: {
      ar: 'انطلاقة مغامرة ستارلايت: عشرة أصوات شابة من مختلف جهات المملكة تتنافس في برايمات مباشرة، بمرافقة مدربين من نجوم الأغنية المغربية.',
      fr: "Le début de l'aventure Starlight : dix jeunes voix venues de tout le Royaume s'affrontent lors de primes en direct, accompagnées par des coachs stars de la chanson marocaine.",
    },
    coaches: 3,
  },
  {
    number: 2,
    year: 2025,
    title: { ar: 'ستارلايت - الموسم الثاني', fr: 'Starlight - Saison 2' },
    description: {
      ar: 'موسم ثان بطموح أكبر: تجارب أداء في ثماني مدن، وأكاديمية للتكوين في الغناء والرقص والحضور على الخشبة، وجمهور يصوت كل أسبوع.',
      fr: 'Une deuxième saison plus ambitieuse : des castings dans huit villes, une académie de chant, de danse et de présence scénique, et un public qui vote chaque semaine.',
    },
    coaches: 4,
  },
  {
    number: 3,
    year: 2026,
    title: { ar: 'ستارلايت - الموسم الثالث', fr: 'Starlight - Saison 3' },
    description: {
      ar: 'الموسم الثالث من ستارلايت يفتح الباب أمام كل الألوان الموسيقية، من الطرب والشعبي إلى الراب والموسيقى الأمازيغية، في برايمات كل سبت على دوزيم.',
      fr: "La troisième saison de Starlight s'ouvre à tous les styles, du tarab et du chaâbi au rap et aux musiques amazighes, avec des primes chaque samedi sur 2M.",
    },
    coaches: 4,
  },
];

export const CANDIDATE_FIRST: readonly (Bi & { f: boolean })[] = [
  { ar: 'أيوب', fr: 'Ayoub', f: false },
  { ar: 'آية', fr: 'Aya', f: true },
  { ar: 'إلياس', fr: 'Ilyas', f: false },
  { ar: 'دعاء', fr: 'Douaa', f: true },
  { ar: 'زكرياء', fr: 'Zakaria', f: false },
  { ar: 'ياسمين', fr: 'Yasmine', f: true },
  { ar: 'سفيان', fr: 'Soufiane', f: false },
  { ar: 'هبة', fr: 'Hiba', f: true },
  { ar: 'أنور', fr: 'Anouar', f: false },
  { ar: 'شيماء', fr: 'Chaimae', f: true },
  { ar: 'بدر', fr: 'Badr', f: false },
  { ar: 'غيثة', fr: 'Ghita', f: true },
  { ar: 'وليد', fr: 'Walid', f: false },
  { ar: 'أميمة', fr: 'Oumaima', f: true },
  { ar: 'رضا', fr: 'Reda', f: false },
  { ar: 'ريم', fr: 'Rim', f: true },
  { ar: 'طه', fr: 'Taha', f: false },
  { ar: 'إكرام', fr: 'Ikram', f: true },
  { ar: 'آدم', fr: 'Adam', f: false },
  { ar: 'منال', fr: 'Manal', f: true },
];

export const CANDIDATE_LAST: readonly Bi[] = [
  { ar: 'العمراني', fr: 'Amrani' },
  { ar: 'برادة', fr: 'Berrada' },
  { ar: 'لحلو', fr: 'Lahlou' },
  { ar: 'بنيس', fr: 'Bennis' },
  { ar: 'الشرقاوي', fr: 'Cherkaoui' },
  { ar: 'الوالي', fr: 'Ouali' },
  { ar: 'السلاوي', fr: 'Slaoui' },
  { ar: 'الناصري', fr: 'Naciri' },
  { ar: 'الفيلالي', fr: 'Filali' },
  { ar: 'الجابري', fr: 'Jabri' },
  { ar: 'القادري', fr: 'Kadiri' },
  { ar: 'المرزوقي', fr: 'Marzouki' },
  { ar: 'الطاهري', fr: 'Tahiri' },
  { ar: 'البوكيلي', fr: 'Boukili' },
];

export const STYLES: readonly Bi[] = [
  { ar: 'الطرب العربي الأصيل', fr: 'le tarab classique' },
  { ar: 'الأغنية الشعبية', fr: 'le chaâbi' },
  { ar: 'البوب والآر أند بي', fr: 'la pop et le R&B' },
  { ar: 'الراب', fr: 'le rap' },
  { ar: 'الموسيقى الأمازيغية', fr: 'les musiques amazighes' },
  { ar: 'الملحون', fr: 'le malhoun' },
  { ar: 'الموسيقى الأندلسية', fr: 'la musique andalouse' },
  { ar: 'موسيقى كناوة', fr: 'la musique gnaoua' },
];

export interface CoachDef {
  name: Bi;
  female: boolean;
  city: string;
  bio: Bi;
}

export const COACHES: readonly CoachDef[] = [
  {
    name: { ar: 'نبيل الخالدي', fr: 'Nabil Khalidi' },
    female: false,
    city: 'casablanca',
    bio: {
      ar: 'مغن وملحن بدأ مساره في الأجواق الأندلسية قبل أن يصبح من أبرز أصوات الأغنية المغربية المعاصرة. يرافق المرشحين في تقنيات الصوت والأداء.',
      fr: "Chanteur et compositeur formé dans les orchestres andalous, devenu l'une des voix majeures de la chanson marocaine contemporaine. Il accompagne les candidats en technique vocale et interprétation.",
    },
  },
  {
    name: { ar: 'سميرة بناني', fr: 'Samira Bennani' },
    female: true,
    city: 'fes',
    bio: {
      ar: 'فنانة ذات صوت قوي وحضور مميز على الخشبة، أحيت حفلات في المغرب والخارج، وتحرص على نقل تجربتها إلى الأصوات الشابة.',
      fr: "Une voix puissante et une présence scénique remarquée, au Maroc comme à l'étranger. Elle tient à transmettre son expérience aux jeunes voix.",
    },
  },
  {
    name: { ar: 'كريم لمراني', fr: 'Karim Lamrani' },
    female: false,
    city: 'rabat',
    bio: {
      ar: 'موزع موسيقي ومنتج اشتغل مع كبار الفنانين، يشرف على اختيار الأغاني وتوزيعها بما يناسب شخصية كل مرشح.',
      fr: 'Arrangeur et producteur ayant travaillé avec de grands artistes, il supervise le choix et les arrangements des chansons selon la personnalité de chaque candidat.',
    },
  },
  {
    name: { ar: 'هاجر المنصوري', fr: 'Hajar Mansouri' },
    female: true,
    city: 'marrakech',
    bio: {
      ar: 'مصممة رقصات ومدربة للأداء الركحي، تعمل على تطوير حضور المرشحين وثقتهم بأنفسهم أمام الجمهور والكاميرا.',
      fr: 'Chorégraphe et coach scénique, elle travaille la présence et la confiance des candidats face au public et à la caméra.',
    },
  },
  {
    name: { ar: 'يونس الحداد', fr: 'Younes Haddad' },
    female: false,
    city: 'agadir',
    bio: {
      ar: 'فنان متعدد الأساليب يجمع بين الموسيقى الأمازيغية والإيقاعات الإفريقية، ويشجع المرشحين على الجرأة والتجريب.',
      fr: "Artiste aux multiples styles, entre musiques amazighes et rythmes africains, il pousse les candidats à oser et à expérimenter.",
    },
  },
];

export const PERFORMANCES: readonly Bi[] = [
  { ar: 'يؤدي رائعة من الريبرتوار المغربي', fr: 'interprète un grand classique du répertoire marocain' },
  { ar: 'يقدم أغنية خاصة من تأليفه', fr: 'présente une chanson originale' },
  { ar: 'يؤدي مقطعا من الطرب الأصيل', fr: 'chante un morceau de tarab' },
  { ar: 'يقدم نسخة جديدة لأغنية شعبية', fr: 'revisite une chanson chaâbi' },
  { ar: 'يؤدي ثنائيا مع أحد المدربين', fr: 'chante en duo avec un coach' },
];
