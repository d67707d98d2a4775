// Texts of the tests of the layouts with rows: to-do titles for lists longer than a page, and the overflow line as
// each language's layout writes it.

/** Twelve to-do titles in each language, none a part of another. */
export const TODO_TITLES = {
  'en-US': [
    'Buy milk',
    'Take out the bins',
    'Call the plumber',
    'Water the plants',
    'Book train tickets',
    'Pay rent',
    'Fix the bike',
    'Bake bread',
    'Wash the car',
    'Mend the fence',
    'Sort the post',
    'Clean the oven',
  ],
  'zh-CN': [
    '买牛奶',
    '扔垃圾',
    '给水管工打电话',
    '给花浇水',
    '预订火车票',
    '交房租',
    '修自行车',
    '烤面包',
    '洗车',
    '修篱笆',
    '整理信件',
    '清洗烤箱',
  ],
};

/** The overflow line of a list that left `count` items out. */
export const MORE = {
  'en-US': (count: number) => `+${count} more`,
  'zh-CN': (count: number) => `还有 ${count} 项`,
};
